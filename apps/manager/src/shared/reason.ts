/**
 * A reason the service gives in both languages, "English | 中文" (a start's failure, whose answer
 * does not depend on the caller's language): the half of the UI's language. A reason in one
 * language is returned as it is.
 */
export function reasonIn(text: string, lang: 'en' | 'zh'): string {
  const halves = text.split(' | ');
  if (halves.length !== 2) return text;
  return (lang === 'zh' ? halves[1] : halves[0]) ?? text;
}
