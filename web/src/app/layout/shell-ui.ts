import { create } from 'zustand';

export type ShellDialog = 'search' | 'logs' | 'theme' | 'lock' | 'switch' | 'register' | 'flow';

interface ShellUi {
  open: ShellDialog | null;
  show(dialog: ShellDialog): void;
  close(): void;
}

/** Which shell dialog is open; the header, tab menu and user menu open them from different places. */
export const useShellUi = create<ShellUi>()((set) => ({
  open: null,
  show: (open) => set({ open }),
  close: () => set({ open: null }),
}));
