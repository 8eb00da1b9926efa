import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { AppProviders } from '../providers';
import { IframePage } from './iframe-page';

/** The page's own document answers HEAD with this CSP (the server sets frame-src from FRAME_ORIGINS). */
function serve(csp: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(null, { status: 200, headers: { 'content-security-policy': csp } })),
  );
}

const open = (src: string) =>
  render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={[`/myiframe/urlPath?${new URLSearchParams({ src, name: '报表' })}`]}>
        <IframePage />
      </MemoryRouter>
    </AppProviders>,
  );

describe('/myiframe', () => {
  it('embeds an allowed origin in a sandbox without referrer', async () => {
    serve("default-src 'self';frame-src https://bi.example.org;frame-ancestors 'none'");
    const { container } = open('https://bi.example.org/board?id=1');
    await screen.findByTitle('报表');
    const frame = container.querySelector('iframe')!;
    expect(frame.getAttribute('src')).toBe('https://bi.example.org/board?id=1');
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-forms allow-popups allow-downloads');
    expect(frame.getAttribute('referrerpolicy')).toBe('no-referrer');
  });

  it('refuses any other origin with a clear message and no iframe', async () => {
    serve("default-src 'self';frame-src https://bi.example.org;frame-ancestors 'none'");
    const { container } = open('https://bi.example.org.evil.com/x');
    expect(await screen.findByText(/https:\/\/bi\.example\.org\.evil\.com 不在允许嵌入的来源之列/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '在新窗口中打开' })).toHaveAttribute('href', 'https://bi.example.org.evil.com/x');
    expect(container.querySelector('iframe')).toBeNull();
  });

  it('embeds nothing when no origin is configured', async () => {
    serve("default-src 'self';frame-src 'none'");
    const { container } = open('https://bi.example.org/board');
    expect(await screen.findByText(/不在允许嵌入的来源之列/)).toBeInTheDocument();
    expect(container.querySelector('iframe')).toBeNull();
  });
});
