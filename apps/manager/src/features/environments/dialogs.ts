/**
 * What the table asks to open from its toolbar and row menus: the create/edit form, the batch
 * dialogs, the Share dialog, the cookie import, a cookie export (downloads at once). They are other
 * features' dialogs: the app puts them in (app/EnvironmentDialogs.tsx), so this feature imports none.
 */
export type DialogRequest =
  | { kind: 'create' }
  | { kind: 'edit'; id: string }
  | { kind: 'batch' }
  /** No ids: one new environment per line. */
  | { kind: 'proxies'; ids: string[] }
  /** `leftOut`: selected environments shared with the account (only their owner shares them). */
  | { kind: 'share'; targets: { id: string; name: string }[]; leftOut: number }
  | { kind: 'cookies'; id: string }
  | { kind: 'export'; id: string };

export interface EnvironmentDialogsProps {
  request: DialogRequest | undefined;
  onClose(): void;
  /** A dialog changed environments: the table reloads. */
  onChanged(): void;
}
