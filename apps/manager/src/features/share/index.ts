/** Sharing environments with other accounts (session/share, session/unshare). */
export { ShareDialog, type ShareTarget } from './ShareDialog.tsx';
