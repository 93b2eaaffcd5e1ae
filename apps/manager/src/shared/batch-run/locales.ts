/**
 * The texts of a running batch (its buttons and progress), in both languages. What "stopped"
 * means differs by dialog (nothing more created, nothing more changed): each dialog adds its own.
 */
export const batchRunCopy = {
  en: {
    close: 'Close',
    cancel: 'Cancel',
    stop: 'Stop',
    progress: '{done} of {total}',
    failed: 'Failed: {count}',
    finished: 'Finished.',
    idCopied: 'ID copied',
  },
  zh: {
    close: '关闭',
    cancel: '取消',
    stop: '停止',
    progress: '{done} / {total}',
    failed: '失败：{count}',
    finished: '已完成。',
    idCopied: 'ID 已复制',
  },
};

/** What the progress view shows: the batch's texts and the dialog's "stopped". */
export type BatchProgressCopy = (typeof batchRunCopy)['en'] & { stopped: string };
