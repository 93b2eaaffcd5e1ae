/** Whom a set of environments is shared with, account by account. Pure: no network. */

/** One account and the environments (of those asked) shared with it. */
export interface Audience {
  account: string;
  ids: string[];
}

/** Everyone the environments are shared with, by account name, each with its environments. */
export function audienceOf(shares: ReadonlyMap<string, readonly string[]>): Audience[] {
  const byAccount = new Map<string, string[]>();
  for (const [id, accounts] of shares) {
    for (const account of accounts) byAccount.set(account, [...(byAccount.get(account) ?? []), id]);
  }
  return [...byAccount]
    .map(([account, ids]) => ({ account, ids }))
    .sort((a, b) => a.account.localeCompare(b.account));
}
