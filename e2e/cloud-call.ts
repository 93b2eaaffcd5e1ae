/** A cloud call as the site and the local API make it (multipart, inweb=1), in English. */
export async function cloudCall(base: string, path: string, fields: Record<string, string>) {
  const body = new FormData();
  body.set('inweb', '1');
  body.set('lang', 'en');
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  const res = await fetch(`${base}/api/hainiao/${path}`, { method: 'POST', body });
  return (await res.json()) as { code: number; msg: string; data: Record<string, string> };
}
