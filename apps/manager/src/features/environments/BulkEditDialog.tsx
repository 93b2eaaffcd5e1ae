/**
 * "Edit settings…" of a selection: the settings ticked "Change" are written to every selected
 * environment the account manages (group, start pages, blocked images and video, screen,
 * language, time zone, a new user agent each), one environment after another: update, then
 * adv_setting, then proxy/update. Every body is checked against the contract first; a problem
 * shows under its setting and nothing is sent. A failed environment is named with the service's
 * message and the run goes on.
 */
import { format, LANGUAGES, RESOLUTIONS, TIMEZONES } from '@hainiao/contract';
import {
  Alert,
  Button,
  Checkbox,
  Flex,
  Form,
  Input,
  Modal,
  Select,
  Space,
  Switch,
  Typography,
} from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import { call } from '../../shared/api.ts';
import { BatchProgressView } from '../../shared/batch-run/BatchProgressView.tsx';
import { batchRunCopy } from '../../shared/batch-run/locales.ts';
import { useBatchRun } from '../../shared/batch-run/useBatchRun.tsx';
import { loadContainer, randomUserAgent } from '../../shared/container-calls.ts';
import { groupOptions, useGroups } from '../../shared/groups.ts';
import { useCopy, useLang, type UiLang } from '../../shared/lang.tsx';
import {
  ADV_SETTING,
  bulkBudget,
  bulkCalls,
  bulkProblems,
  bulkTargets,
  callProblems,
  chosen,
  emptyBulkValues,
  hasProblems,
  PROXY_UPDATE,
  UPDATE,
  type BulkChoices,
  type BulkField,
  type BulkProblems,
  type BulkValues,
} from './bulk-edit.ts';
import { bulkEditCopy } from './bulk-edit-locales.ts';
import type { EnvironmentRow } from './model.ts';

/** One environment's calls, in order; any failure ends it (and counts it as failed). */
async function applyTo(id: string, choices: BulkChoices, lang: UiLang): Promise<void> {
  const { update } = bulkCalls(id, choices);
  if (update) await call(UPDATE, update);
  let userAgent: string | undefined;
  if (choices.userAgent) {
    // A user agent of the environment's own system (and model), as the form's generator gives.
    const { SystemOS, MobileModel } = await loadContainer(id, lang);
    userAgent = await randomUserAgent(
      typeof SystemOS === 'string' ? SystemOS : '',
      typeof MobileModel === 'string' ? MobileModel : '',
    );
  }
  const { adv, proxy } = bulkCalls(id, choices, userAgent);
  const problems = callProblems({ adv }, lang);
  if (hasProblems(problems)) throw new Error(Object.values(problems).flat().join('; '));
  if (adv) await call(ADV_SETTING, adv);
  if (proxy) await call(PROXY_UPDATE, proxy);
}

/** One setting: its "Change" box, its control (usable once ticked), its problems and hint. */
function Setting(props: {
  label: string;
  changeLabel: string;
  changeOf: string;
  checked: boolean;
  onCheck(on: boolean): void;
  problems: string[] | undefined;
  hint?: string;
  children: ReactNode;
}) {
  const problems = props.problems ?? [];
  return (
    <Form.Item
      label={props.label}
      extra={props.hint}
      validateStatus={problems.length ? 'error' : undefined}
      help={problems.length ? problems.map((p) => <div key={p}>{p}</div>) : undefined}
    >
      <Flex gap={12} align="center">
        <Checkbox
          checked={props.checked}
          aria-label={props.changeOf}
          onChange={(event) => props.onCheck(event.target.checked)}
        >
          {props.changeLabel}
        </Checkbox>
        <div style={{ flex: 1, minWidth: 0 }}>{props.children}</div>
      </Flex>
    </Form.Item>
  );
}

export function BulkEditDialog(props: {
  ids: string[];
  rows: ReadonlyMap<string, EnvironmentRow>;
  onClose(): void;
  /** Closed after a run: the table reloads. */
  onDone(): void;
}) {
  const { onClose, onDone } = props;
  const t = useCopy(bulkEditCopy);
  const lang = useLang();
  const { groups } = useGroups();
  // The selection and its names when the dialog opened: the table may change behind it.
  const [{ targets, leftOut }] = useState(() => bulkTargets(props.ids, props.rows));
  const [values, setValues] = useState<BulkValues>(emptyBulkValues);
  const [change, setChange] = useState<ReadonlySet<BulkField>>(new Set());
  // Empty choices are named once OK was pressed; a bad start page as soon as it is typed.
  const [tried, setTried] = useState(false);
  const progressCopy = useMemo(() => ({ ...batchRunCopy[lang], stopped: t.stopped }), [lang, t]);
  const batch = useBatchRun<string>(progressCopy);
  const { progress, running, stopped } = batch;

  const choices = useMemo(() => chosen(values, change), [values, change]);
  const problems = useMemo(() => {
    const merged: BulkProblems = {};
    for (const target of targets) {
      for (const [field, messages] of Object.entries(bulkProblems(target.id, choices, lang))) {
        const key = field as keyof BulkProblems;
        merged[key] = [...new Set([...(merged[key] ?? []), ...messages])];
      }
    }
    return merged;
  }, [targets, choices, lang]);
  const shown: BulkProblems = tried ? problems : { startPages: problems.startPages };

  const timezones = useMemo(
    () => TIMEZONES.map((zone) => ({ value: zone.zone, label: zone.label[lang] })),
    [lang],
  );
  const languages = useMemo(
    () => LANGUAGES.map((l) => ({ value: l.code, label: `${l.name[lang]} · ${l.code}` })),
    [lang],
  );
  const resolutions = useMemo(
    () => RESOLUTIONS.map((r) => ({ value: r, label: r.replace('x', ' × ') })),
    [],
  );

  const set = <K extends BulkField>(field: K, value: BulkValues[K]) =>
    setValues((current) => ({ ...current, [field]: value }));
  const tick = (field: BulkField, on: boolean) =>
    setChange((current) => {
      const next = new Set(current);
      if (on) next.add(field);
      else next.delete(field);
      return next;
    });
  /** The props of a setting's row. */
  const row = (field: BulkField, label: string) => ({
    label,
    changeLabel: t.change,
    changeOf: format(t.changeOf, { setting: label }),
    checked: change.has(field),
    onCheck: (on: boolean) => tick(field, on),
    problems: shown[field],
  });
  const off = (field: BulkField) => !change.has(field);

  async function start() {
    setTried(true);
    if (hasProblems(problems)) return;
    const picked = choices;
    await batch.run({
      total: targets.length,
      budget: bulkBudget(picked),
      run: async (index) => {
        const target = targets[index]!;
        await applyTo(target.id, picked, lang);
        return target.id;
      },
    });
  }

  // The results stay on screen until the user closes them; then the table reloads.
  const finish = () => (progress ? onDone() : onClose());
  const footer = progress
    ? batch.footer(finish)
    : [
        <Button key="cancel" onClick={onClose}>
          {batchRunCopy[lang].cancel}
        </Button>,
        <Button
          key="go"
          type="primary"
          disabled={change.size === 0}
          loading={running}
          onClick={start}
        >
          {format(t.apply, { count: targets.length })}
        </Button>,
      ];

  return (
    <Modal
      open
      title={format(t.title, { count: targets.length })}
      onCancel={running ? undefined : finish}
      closable={!running}
      mask={{ closable: !running }}
      destroyOnHidden
      footer={footer}
      width={640}
    >
      {progress ? (
        <BatchProgressView
          copy={progressCopy}
          progress={progress}
          running={running}
          stopped={stopped}
          madeLabel={format(t.changed, { count: progress.succeeded.length })}
          describeFailure={(index, error) =>
            format(t.failedOne, { name: targets[index]?.name ?? '', error })
          }
        />
      ) : (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Alert type="info" showIcon title={t.intro} />
          {leftOut > 0 && (
            <Alert
              type="warning"
              showIcon
              data-testid="bulk-edit-left-out"
              title={format(t.leftOut, { count: leftOut })}
            />
          )}
          {shown.other?.map((problem) => (
            <Alert key={problem} type="error" showIcon title={problem} />
          ))}
          <Form
            layout="horizontal"
            component="div"
            labelCol={{ flex: '130px' }}
            // A zero basis: a long hint wraps in its column instead of pushing it under the label.
            wrapperCol={{ flex: '1 1 0', style: { minWidth: 0 } }}
            labelAlign="left"
            labelWrap
            colon={false}
            data-testid="bulk-edit-form"
          >
            <Setting {...row('group', t.group)}>
              <Select
                aria-label={t.group}
                disabled={off('group')}
                value={values.group || undefined}
                placeholder={t.groupPlaceholder}
                showSearch
                options={groupOptions(groups, lang)}
                onChange={(group: string) => set('group', group)}
              />
            </Setting>
            <Setting {...row('startPages', t.startPages)} hint={t.startPagesHint}>
              <Input.TextArea
                aria-label={t.startPages}
                disabled={off('startPages')}
                value={values.startPages}
                placeholder={t.startPagesPlaceholder}
                autoSize={{ minRows: 2, maxRows: 6 }}
                spellCheck={false}
                onChange={(event) => set('startPages', event.target.value)}
              />
            </Setting>
            <Setting {...row('blockImages', t.blockImages)}>
              <Switch
                aria-label={t.blockImages}
                disabled={off('blockImages')}
                checked={values.blockImages}
                onChange={(on) => set('blockImages', on)}
              />
            </Setting>
            <Setting {...row('blockVideo', t.blockVideo)}>
              <Switch
                aria-label={t.blockVideo}
                disabled={off('blockVideo')}
                checked={values.blockVideo}
                onChange={(on) => set('blockVideo', on)}
              />
            </Setting>
            <Setting {...row('resolution', t.resolution)}>
              <Select
                aria-label={t.resolution}
                disabled={off('resolution')}
                value={values.resolution || undefined}
                placeholder={t.pick}
                showSearch={{ optionFilterProp: 'label' }}
                options={resolutions}
                onChange={(resolution: string) => set('resolution', resolution)}
              />
            </Setting>
            <Setting {...row('language', t.language)}>
              <Select
                aria-label={t.language}
                disabled={off('language')}
                value={values.language || undefined}
                placeholder={t.pick}
                showSearch={{ optionFilterProp: 'label' }}
                options={languages}
                onChange={(code: string) => set('language', code)}
              />
            </Setting>
            <Setting {...row('timezone', t.timezone)} hint={t.localeHint}>
              <Select
                aria-label={t.timezone}
                disabled={off('timezone')}
                value={values.timezone || undefined}
                placeholder={t.pick}
                showSearch={{ optionFilterProp: 'label' }}
                options={timezones}
                onChange={(zone: string) => set('timezone', zone)}
              />
            </Setting>
            <Setting {...row('userAgent', t.userAgent)}>
              <Typography.Text type={off('userAgent') ? 'secondary' : undefined}>
                {t.userAgentNew}
              </Typography.Text>
            </Setting>
          </Form>
        </Space>
      )}
    </Modal>
  );
}
