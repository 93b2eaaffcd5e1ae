/**
 * Calls that may check a proxy (create, proxy/update). A refused proxy (-105) answers libcurl's
 * code in its data (`Proxy_Check_Code`, `Proxy_Check_Name`), whose meaning the contract's CURLE
 * table gives in both languages. `call()` of shared/api.ts keeps only the code and message of a
 * failure, so these two calls read the envelope here and throw a ProxyCheckFailure (an ApiError).
 */
import { CurlCodes, EnvironmentFieldCodes } from '@hainiao/contract';
import { ApiError, postEnvelope, UNREACHABLE, type Envelope } from '../api.ts';
import { currentLang, type UiLang } from '../lang-store.ts';

export class ProxyCheckFailure extends ApiError {
  constructor(
    message: string,
    readonly curlCode: number,
    readonly curlName: string,
  ) {
    super(EnvironmentFieldCodes.code.PROXY_CHECK_FAILED, message);
    this.name = 'ProxyCheckFailure';
  }
}

/** "CURLE_PROXY (97): Proxy handshake error." in the UI's language. */
export function curlMeaning(code: number, lang: UiLang): string {
  const entry = CurlCodes.get(code);
  if (!entry) return String(code);
  return `${entry.name} (${code}): ${entry[lang]}`;
}

const unreachable = {
  en: 'The local service did not answer. Is it still running?',
  zh: '本地服务没有响应，请确认它仍在运行。',
};

/** The failure an answer stands for: a ProxyCheckFailure for -105 with curl's code, else an ApiError. */
export function failureOf(answer: Envelope, lang: UiLang): ApiError {
  const code = answer.code ?? UNREACHABLE;
  const message = answer.message ?? unreachable[lang];
  const data = answer.data as { Proxy_Check_Code?: unknown; Proxy_Check_Name?: unknown } | null;
  if (
    code === EnvironmentFieldCodes.code.PROXY_CHECK_FAILED &&
    typeof data?.Proxy_Check_Code === 'number'
  ) {
    return new ProxyCheckFailure(
      message,
      data.Proxy_Check_Code,
      String(data.Proxy_Check_Name ?? ''),
    );
  }
  return new ApiError(code, message);
}

/** POSTs a create or proxy/update body (same origin, the UI's language); resolves to `data`. */
export async function callCheckingProxy<T>(path: string, body: object): Promise<T> {
  const answer = await postEnvelope(path, body);
  if (answer.code !== 0) throw failureOf(answer, currentLang());
  return answer.data as T;
}
