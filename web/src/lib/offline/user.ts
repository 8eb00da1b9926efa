import { session } from '../session';

/** The signed-in user's id: offline data and queued entries belong to one user on a shared device. */
export const currentUser = () => session().userInfo?.user_id ?? '';
