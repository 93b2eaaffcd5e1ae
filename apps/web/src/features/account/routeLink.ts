/** The `/route` link that turns a one-time client token into a stored session, then goes to `url`. */
export function routeLink(clienttoken: string, url: string): string {
  return `/route?token=${encodeURIComponent(clienttoken)}&url=${encodeURIComponent(url)}`;
}
