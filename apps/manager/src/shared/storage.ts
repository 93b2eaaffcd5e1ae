/** Small remembered preferences (localStorage), tolerant of blocked storage and old values. */
export function remembered<T>(key: string, fallback: T, valid: (value: unknown) => value is T): T {
  try {
    const text = localStorage.getItem(`hainiao.manager.${key}`);
    if (text === null) return fallback;
    const value: unknown = JSON.parse(text);
    return valid(value) ? value : fallback;
  } catch {
    return fallback;
  }
}

export function remember(key: string, value: unknown): void {
  try {
    localStorage.setItem(`hainiao.manager.${key}`, JSON.stringify(value));
  } catch {
    // Not remembered when storage is blocked; the choice still holds for this visit.
  }
}
