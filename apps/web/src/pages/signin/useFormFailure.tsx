import { useEffect, useId, useState } from 'react';
import { Alert, type FormInstance } from 'antd';
import { siteMessages, type Lang } from '@hainiao/contract';
import { CloudCallError } from '../../api/cloud.ts';

/** A refused call: the cloud's message (in the page's language) and the field it is about. */
export interface Failure<F extends string> {
  message: string;
  field?: F | undefined;
}

/** The cloud's message of a refused call, or the network message when no answer came. */
export function failureMessage(error: unknown, lang: Lang): string {
  return error instanceof CloudCallError && error.code > 0
    ? error.message
    : siteMessages.common.networkError[lang];
}

/**
 * A refused call shown by the form rather than as a toast (issue 27: the toast was gone after
 * 3 s): an error Alert with role=alert, so screen readers announce it, which stays until the
 * visitor edits a field (`clear` from the form's onValuesChange) or submits again. The field it is
 * about gets the error outline, aria-invalid and focus (its text selected, ready to retype).
 */
export function useFormFailure<F extends string>(form: FormInstance) {
  const [failure, setFailure] = useState<Failure<F> | null>(null);
  const id = useId();

  useEffect(() => {
    if (!failure?.field) return;
    const control = form.getFieldInstance(failure.field) as
      { focus?: () => void; select?: () => void } | undefined;
    control?.focus?.();
    // select(), not focus({ cursor: 'all' }): an email input has no selection range to set.
    control?.select?.();
  }, [failure, form]);

  const inError = (field: F) => failure?.field === field;

  return {
    failure,
    show: (next: Failure<F>) => setFailure(next),
    clear: () => setFailure((current) => (current ? null : current)),
    /** The Form.Item's `validateStatus` for `field`. */
    statusOf: (field: F) => (inError(field) ? ('error' as const) : undefined),
    /** Props of `field`'s control while it is the one in error. */
    controlProps: (field: F) =>
      inError(field) ? { 'aria-invalid': true, 'aria-describedby': id } : {},
    /** The message by the form, or nothing. */
    alert: failure ? (
      <Alert
        id={id}
        className="account-card__failure"
        type="error"
        showIcon
        role="alert"
        title={failure.message}
      />
    ) : null,
  };
}
