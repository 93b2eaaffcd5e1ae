/**
 * The create/edit form in a drawer: one form, the fields grouped as users of AdsPower and GoLogin
 * expect (basics, proxy with its check and the locale, fingerprint, advanced settings, start
 * pages). Loaded lazily (EnvironmentFormDrawer.tsx): the appendix lists stay out of the first load.
 */
import { Alert, App, Button, Collapse, Drawer, Form, Space, Spin } from 'antd';
import { format, ENVIRONMENT_FIELD_CODES } from '@hainiao/contract';
import { useEffect, useState } from 'react';
import { ApiError } from '../../shared/api.ts';
import { currentLang } from '../../shared/lang-store.ts';
import { useCopy, useLang } from '../../shared/lang.tsx';
import type { Container } from '../../shared/container-calls.ts';
import { curlMeaning, ProxyCheckFailure } from '../../shared/proxy/proxy-failure.ts';
import { errorText } from '../../shared/ui/errors.ts';
import { exportCookies } from './cookie-calls.ts';
import { CookieImportDialog } from './CookieImportDialog.tsx';
import {
  checkProxy as checkProxyOnly,
  createEnvironment,
  FieldProblems,
  loadEnvironment,
  saveEnvironment,
} from './environment-calls.ts';
import { formCopy } from './locales.ts';
import { emptyValues, formFieldOf, toEditCalls, withDefaults, type FormValues } from './mapping.ts';
import { AdvancedSection } from './sections/AdvancedSection.tsx';
import { BasicsSection } from './sections/BasicsSection.tsx';
import { FingerprintSection } from './sections/FingerprintSection.tsx';
import { FingerprintSummary } from './sections/FingerprintSummary.tsx';
import { ProxySection, type CheckOutcome } from './sections/ProxySection.tsx';
import { StartSection } from './sections/StartSection.tsx';
import './environment-form.css';

export interface EnvironmentFormDrawerProps {
  open: boolean;
  environmentId?: string;
  onClose(): void;
  onSaved(id: string): void;
}

interface Loaded {
  container?: Container;
  values: FormValues;
}

/** The form path of a call's field ('flags.GoogleTranslate' → ['flags', 'GoogleTranslate']). */
const pathOf = (field: string) => field.split('.');

/** The form field a code of the create/update table points at (-101 the name, -104 the proxy…). */
function fieldOfCode(code: number): string | undefined {
  const wire = Object.entries(ENVIRONMENT_FIELD_CODES).find(([, c]) => c === code)?.[0];
  return wire === undefined ? undefined : formFieldOf(wire);
}

/**
 * Each opening (or another environment) mounts a new body: a new form store, nothing of the last
 * form left (a kept store would win over the next environment's initial values).
 */
export default function FormDrawer(props: EnvironmentFormDrawerProps) {
  const target = props.open ? (props.environmentId ?? '') : undefined;
  const [shown, setShown] = useState<string | undefined>(undefined);
  const [generation, setGeneration] = useState(0);
  if (target !== shown) {
    setShown(target);
    if (target !== undefined) setGeneration((g) => g + 1);
  }
  return <FormBody key={generation} {...props} />;
}

function FormBody({ open, environmentId, onClose, onSaved }: EnvironmentFormDrawerProps) {
  const lang = useLang();
  const copy = useCopy(formCopy);
  const { message } = App.useApp();
  // Untyped: field paths come from the service's field names at run time.
  const [form] = Form.useForm();
  const mode = environmentId ? 'edit' : 'create';
  const [loaded, setLoaded] = useState<Loaded | undefined>(() =>
    environmentId ? undefined : { values: emptyValues() },
  );
  const [loadError, setLoadError] = useState<string>();
  const [error, setError] = useState<string>();
  const [note, setNote] = useState<string>();
  const [saving, setSaving] = useState(false);
  const [checking, setChecking] = useState(false);
  const [outcome, setOutcome] = useState<CheckOutcome>();
  const [cookiesOpen, setCookiesOpen] = useState(false);
  const [exporting, setExporting] = useState(false);
  useEffect(() => {
    if (!open || !environmentId) return;
    let live = true;
    loadEnvironment(environmentId, currentLang())
      .then((result) => live && setLoaded(result))
      .catch((e: unknown) => live && setLoadError(errorText(e)));
    return () => {
      live = false;
    };
  }, [open, environmentId]);

  // A check's result (or a refused proxy on save) is brought into view where it is shown.
  useEffect(() => {
    if (outcome) document.querySelector('.env-form__check')?.scrollIntoView({ block: 'nearest' });
  }, [outcome]);

  const values = () => withDefaults(form.getFieldsValue(true) as Partial<FormValues>);

  /** Shows a failure where it belongs: under its field, in the proxy section, or above the form. */
  function showFailure(failure: unknown) {
    if (failure instanceof FieldProblems) {
      const unplaced: string[] = [];
      form.setFields(
        failure.problems.flatMap(({ field, message: text }) => {
          const place = formFieldOf(field);
          if (!place) {
            unplaced.push(text);
            return [];
          }
          return [{ name: pathOf(place), errors: [text] }];
        }),
      );
      setError(unplaced.length ? unplaced.join(' ') : copy.fixFields);
      return;
    }
    if (failure instanceof ProxyCheckFailure) {
      // Shown in the proxy section, brought into view (below).
      setOutcome({
        ok: false,
        message: failure.message,
        curl: curlMeaning(failure.curlCode, lang),
      });
      return;
    }
    if (failure instanceof ApiError) {
      const place = fieldOfCode(failure.code);
      if (place) form.setFields([{ name: pathOf(place), errors: [failure.message] }]);
    }
    setError(errorText(failure));
  }

  async function submit() {
    setError(undefined);
    setNote(undefined);
    setOutcome(undefined);
    try {
      await form.validateFields();
    } catch {
      setError(copy.fixFields);
      return;
    }
    setSaving(true);
    try {
      if (!environmentId) {
        const id = await createEnvironment(values(), lang);
        message.success(copy.created);
        onSaved(id);
        return;
      }
      const before = loaded?.values ?? emptyValues();
      if (!(await saveEnvironment(environmentId, before, values(), lang))) {
        setNote(copy.nothingChanged);
        return;
      }
      message.success(copy.saved);
      onSaved(environmentId);
    } catch (failure) {
      showFailure(failure);
      if (environmentId && loaded) {
        // A later call of the edit failed: compare against what is stored from now on.
        const stored = await loadEnvironment(environmentId, lang).catch(() => undefined);
        if (stored) {
          const saved = toEditCalls(environmentId, loaded.values, stored.values);
          if (Object.keys(saved).length) setNote(copy.partlySaved);
          setLoaded(stored);
        }
      }
    } finally {
      setSaving(false);
    }
  }

  /** "Check proxy": the proxy as the form holds it, checked by the service; nothing is saved. */
  async function checkProxy() {
    setOutcome(undefined);
    setError(undefined);
    try {
      await form.validateFields(['Proxy_Type', 'Proxy_Ip', 'Proxy_Port']);
    } catch {
      return;
    }
    setChecking(true);
    try {
      const exit = await checkProxyOnly(values(), environmentId, lang);
      setOutcome({ ok: true, ...exit });
    } catch (failure) {
      if (failure instanceof ProxyCheckFailure) {
        setOutcome({
          ok: false,
          message: failure.message,
          curl: curlMeaning(failure.curlCode, lang),
        });
      } else if (failure instanceof FieldProblems) {
        showFailure(failure);
      } else {
        setOutcome({ ok: false, message: errorText(failure) });
      }
    } finally {
      setChecking(false);
    }
  }

  async function exportNow() {
    if (!environmentId) return;
    setExporting(true);
    try {
      await exportCookies(environmentId);
    } catch (failure) {
      message.error(errorText(failure));
    } finally {
      setExporting(false);
    }
  }

  function cookiesClosed() {
    setCookiesOpen(false);
    if (!environmentId) return;
    // The cookie count (and web accounts) changed; the form's fields did not.
    loadEnvironment(environmentId, lang)
      .then((stored) => setLoaded((prev) => prev && { ...prev, container: stored.container }))
      .catch(() => undefined);
  }

  const container = loaded?.container;
  const name = typeof container?.Session_Name === 'string' ? container.Session_Name : '';
  const cookieCount = Array.isArray(container?.Cookie) ? container.Cookie.length : 0;
  const webAccounts = Array.isArray(container?.Weblogin_Account_name)
    ? container.Weblogin_Account_name.filter((s): s is string => typeof s === 'string')
    : [];

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={720}
      destroyOnHidden
      title={mode === 'create' ? copy.createTitle : format(copy.editTitle, { name })}
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>{copy.cancel}</Button>
          <Button type="primary" onClick={submit} loading={saving} disabled={!loaded}>
            {mode === 'create' ? copy.create : copy.save}
          </Button>
        </Space>
      }
    >
      {loadError && <Alert type="error" showIcon title={copy.loadFailed} description={loadError} />}
      {!loaded && !loadError && (
        <Spin tip={copy.loading}>
          <div style={{ height: 120 }} />
        </Spin>
      )}
      {loaded && (
        <Form
          form={form}
          layout="vertical"
          initialValues={loaded.values}
          className="env-form"
          onFinish={submit}
          scrollToFirstError
        >
          {error && (
            <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 16 }} />
          )}
          {note && <Alert type="info" showIcon title={note} style={{ marginBottom: 16 }} />}
          <h3 className="env-form__title">{copy.basics}</h3>
          <BasicsSection
            copy={copy}
            webAccounts={environmentId ? webAccounts : undefined}
            cookies={
              environmentId
                ? {
                    count: cookieCount,
                    onImport: () => setCookiesOpen(true),
                    onExport: () => void exportNow(),
                    exporting,
                  }
                : undefined
            }
          />
          <h3 className="env-form__title">{copy.proxy}</h3>
          <ProxySection
            copy={copy}
            mode={mode}
            onCheck={checkProxy}
            checking={checking}
            outcome={outcome}
          />
          <h3 className="env-form__title">{copy.fingerprint}</h3>
          <FingerprintSection copy={copy} mode={mode} />
          <FingerprintSummary outcome={outcome} />
          <Collapse
            className="env-form__advanced"
            items={[
              {
                key: 'advanced',
                label: copy.advanced,
                forceRender: true,
                children: <AdvancedSection copy={copy} />,
              },
            ]}
          />
          <h3 className="env-form__title">{copy.startPages}</h3>
          <StartSection copy={copy} mode={mode} />
        </Form>
      )}
      {environmentId && (
        <CookieImportDialog
          open={cookiesOpen}
          environmentId={environmentId}
          onClose={cookiesClosed}
        />
      )}
    </Drawer>
  );
}
