/** '' is "not set" in the form's values: a select shows its placeholder for it. */
export const emptyAsUnset = (value: unknown) => ({ value: value === '' ? undefined : value });
