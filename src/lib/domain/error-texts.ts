// The pt-BR text a user reads for an error of the auth server (GoTrue), the REST API (PostgREST), the database
// (Postgres SQLSTATE) or the network. Servers answer in English; nothing English reaches the screen: a known code gets
// its sentence here, a message written in Portuguese by the database itself (`raise exception` in a migration, or a
// text made in the browser) passes through unchanged, and anything else gets the generic sentence.
// Pure: no data access and no DOM, so the whole table is walked by tests/unit/error-texts.test.ts.

export const NETWORK_ERROR_TEXT = 'Não foi possível conectar ao servidor. Verifique sua conexão.';
export const GENERIC_ERROR_TEXT = 'Ocorreu um erro inesperado. Tente novamente em instantes.';

const RELOGIN = 'Sua sessão expirou. Entre novamente para continuar.';
const LINK_EXPIRED = 'O link é inválido ou expirou. Peça um novo e-mail.';
const NOT_AVAILABLE = 'Este recurso não está disponível.';
const MFA = 'A verificação em duas etapas não está disponível nesta conta.';
const SSO = 'O login corporativo (SSO) não está disponível.';
const HOOK = 'O servidor de autenticação demorou a responder. Tente novamente.';

/** Every error code GoTrue answers (`code` / `error_code`), with what the user reads. */
export const AUTH_ERROR_TEXTS: Readonly<Record<string, string>> = {
  unexpected_failure: 'O servidor de autenticação teve um problema. Tente novamente em instantes.',
  validation_failed: 'Os dados enviados não são válidos. Confira os campos e tente novamente.',
  bad_json: 'Os dados enviados não são válidos. Confira os campos e tente novamente.',
  email_exists: 'Já existe uma conta com este e-mail.',
  phone_exists: 'Já existe uma conta com este telefone.',
  bad_jwt: RELOGIN,
  not_admin: 'Você não tem permissão para esta ação.',
  no_authorization: RELOGIN,
  user_not_found: 'Usuário não encontrado.',
  session_not_found: RELOGIN,
  session_expired: RELOGIN,
  refresh_token_not_found: RELOGIN,
  refresh_token_already_used: RELOGIN,
  flow_state_not_found: LINK_EXPIRED,
  flow_state_expired: LINK_EXPIRED,
  signup_disabled: 'Novos cadastros estão desativados no momento.',
  user_banned: 'Esta conta está bloqueada. Fale com o suporte.',
  provider_email_needs_verification: 'Confirme seu e-mail antes de entrar.',
  invite_not_found: 'O convite é inválido ou expirou.',
  bad_oauth_state: 'Não foi possível concluir o login pelo provedor. Tente novamente.',
  bad_oauth_callback: 'Não foi possível concluir o login pelo provedor. Tente novamente.',
  oauth_provider_not_supported: 'Este provedor de login não está disponível.',
  unexpected_audience: RELOGIN,
  single_identity_not_deletable: 'A única forma de acesso da conta não pode ser removida.',
  email_conflict_identity_not_deletable: 'Esta forma de acesso não pode ser removida.',
  identity_already_exists: 'Esta forma de acesso já está ligada a uma conta.',
  email_provider_disabled: 'O login com e-mail está desativado no momento.',
  phone_provider_disabled: 'O login com telefone não está disponível.',
  too_many_enrolled_mfa_factors: MFA,
  mfa_factor_name_conflict: MFA,
  mfa_factor_not_found: MFA,
  mfa_ip_address_mismatch: MFA,
  mfa_challenge_expired: MFA,
  mfa_verification_failed: 'O código de verificação está incorreto.',
  mfa_verification_rejected: 'O código de verificação foi recusado.',
  insufficient_aal: 'Confirme sua identidade para continuar.',
  captcha_failed: 'A verificação de segurança falhou. Tente novamente.',
  saml_provider_disabled: SSO,
  manual_linking_disabled: NOT_AVAILABLE,
  sms_send_failed: 'Não foi possível enviar o SMS. Tente novamente.',
  email_not_confirmed: 'Confirme seu e-mail antes de entrar. Verifique sua caixa de entrada.',
  phone_not_confirmed: 'Confirme seu telefone antes de entrar.',
  reauth_nonce_missing: 'Confirme sua identidade para continuar.',
  saml_relay_state_not_found: SSO,
  saml_relay_state_expired: SSO,
  saml_idp_not_found: SSO,
  saml_assertion_no_user_id: SSO,
  saml_assertion_no_email: SSO,
  user_already_exists: 'Já existe uma conta com este e-mail.',
  sso_provider_not_found: SSO,
  saml_metadata_fetch_failed: SSO,
  saml_idp_already_exists: SSO,
  sso_domain_already_exists: SSO,
  saml_entity_id_mismatch: SSO,
  conflict: 'Outra operação alterou estes dados ao mesmo tempo. Tente novamente.',
  provider_disabled: 'Este provedor de login não está disponível.',
  user_sso_managed: 'Os dados desta conta são gerenciados pelo login corporativo.',
  reauthentication_needed: 'Confirme sua identidade para continuar.',
  same_password: 'A nova senha deve ser diferente da senha atual.',
  reauthentication_not_valid: 'O código de confirmação está incorreto ou expirou.',
  otp_expired: LINK_EXPIRED,
  otp_disabled: NOT_AVAILABLE,
  identity_not_found: 'Forma de acesso não encontrada.',
  weak_password: 'A senha é muito fraca. Use pelo menos 6 caracteres.',
  over_request_rate_limit: 'Muitas tentativas seguidas. Aguarde alguns instantes e tente novamente.',
  over_email_send_rate_limit: 'Aguarde um minuto para pedir outro e-mail.',
  over_sms_send_rate_limit: 'Aguarde um minuto para pedir outro SMS.',
  bad_code_verifier: LINK_EXPIRED,
  anonymous_provider_disabled: NOT_AVAILABLE,
  hook_timeout: HOOK,
  hook_timeout_after_retry: HOOK,
  hook_payload_over_size_limit: HOOK,
  hook_payload_invalid_content_type: HOOK,
  request_timeout: 'O servidor demorou a responder. Tente novamente.',
  mfa_phone_enroll_not_enabled: MFA,
  mfa_phone_verify_not_enabled: MFA,
  mfa_totp_enroll_not_enabled: MFA,
  mfa_totp_verify_not_enabled: MFA,
  mfa_webauthn_enroll_not_enabled: MFA,
  mfa_webauthn_verify_not_enabled: MFA,
  mfa_verified_factor_exists: MFA,
  invalid_credentials: 'Email ou senha incorretos. Por favor, tente novamente.',
  email_address_not_authorized: 'Não é possível enviar e-mails para este endereço.',
  email_address_invalid: 'Endereço de e-mail inválido. Confira se está completo, como nome@empresa.com.',
  not_found: 'O recurso pedido não existe.',
  method_not_allowed: NOT_AVAILABLE,
};

/** PostgREST (PGRSTnnn) and Postgres (SQLSTATE) codes the product can meet. */
export const DATA_ERROR_TEXTS: Readonly<Record<string, string>> = {
  PGRST000: 'O banco de dados está indisponível no momento. Tente novamente em instantes.',
  PGRST001: 'O banco de dados está indisponível no momento. Tente novamente em instantes.',
  PGRST002: 'O banco de dados está indisponível no momento. Tente novamente em instantes.',
  PGRST100: 'A busca enviada não é válida.',
  PGRST102: 'Os dados enviados não são válidos. Confira os campos e tente novamente.',
  PGRST103: 'Não há mais itens para carregar.',
  PGRST116: 'Registro não encontrado. Ele pode ter sido excluído.',
  PGRST200: 'Não foi possível carregar os dados relacionados.',
  PGRST202: 'Esta função não está disponível no servidor.',
  PGRST204: 'Os dados enviados têm um campo desconhecido.',
  PGRST205: 'Esta tabela não está disponível no servidor.',
  PGRST301: RELOGIN,
  PGRST302: RELOGIN,
  PGRST303: RELOGIN,
  '08000': 'O banco de dados está indisponível no momento. Tente novamente em instantes.',
  '08006': 'O banco de dados está indisponível no momento. Tente novamente em instantes.',
  '22001': 'Um dos textos passa do tamanho permitido.',
  '22P02': 'Um dos valores enviados tem formato inválido.',
  '22007': 'Uma das datas enviadas tem formato inválido.',
  '22008': 'Uma das datas enviadas está fora do intervalo permitido.',
  '23502': 'Preencha todos os campos obrigatórios.',
  '23503': 'Este registro está ligado a outro que não existe mais, ou ainda é usado por outros registros.',
  '23505': 'Já existe um registro com estes dados.',
  '23514': 'Um dos campos tem um valor que não é permitido. Confira os campos e tente novamente.',
  '40001': 'Outra operação alterou estes dados ao mesmo tempo. Tente novamente.',
  '40P01': 'Outra operação alterou estes dados ao mesmo tempo. Tente novamente.',
  '42501': 'Você não tem permissão para esta ação.',
  '42883': 'Esta função não está disponível no servidor.',
  '42P01': 'Esta tabela não está disponível no servidor.',
  '57014': 'O servidor demorou demais para responder. Tente novamente.',
  P0001: 'O banco de dados recusou a operação.',
};

/** Check constraints of the database, named in Postgres's message: what the user must change. */
export const CONSTRAINT_TEXTS: Readonly<Record<string, string>> = {
  projects_title_check: 'O título do projeto é obrigatório e pode ter no máximo 200 caracteres.',
  projects_description_length_check: 'A descrição do projeto pode ter no máximo 5000 caracteres.',
  tasks_title_check: 'O título da tarefa é obrigatório.',
  tasks_title_length_check: 'O título da tarefa é obrigatório e pode ter no máximo 200 caracteres.',
  tasks_description_length_check: 'A descrição da tarefa pode ter no máximo 5000 caracteres.',
  support_tickets_subject_check: 'O assunto do ticket é obrigatório.',
  support_tickets_subject_length_check: 'O assunto do ticket pode ter no máximo 200 caracteres.',
  support_tickets_message_content_check: 'A mensagem do ticket é obrigatória.',
  support_tickets_message_length_check: 'A mensagem do ticket pode ter no máximo 10000 caracteres.',
  ticket_messages_body_check: 'A mensagem é obrigatória e pode ter no máximo 10000 caracteres.',
  project_updates_content_check: 'A atualização é obrigatória e pode ter no máximo 5000 caracteres.',
  profiles_full_name_length: 'O nome é obrigatório e pode ter no máximo 120 caracteres.',
  profiles_avatar_url_https: 'A foto deve ser um endereço https de até 2048 caracteres.',
  clients_email_plain_check: 'O e-mail informado não é válido: use um endereço simples como nome@empresa.com.br.',
  clients_full_name_length_check: 'O nome do cliente pode ter no máximo 120 caracteres.',
  clients_company_name_length_check: 'O nome da empresa pode ter no máximo 160 caracteres.',
  clients_phone_format_check: 'O telefone deve ter de 7 a 20 caracteres, só com números, espaços e + ( ) -.',
  app_settings_app_name_check: 'O nome do aplicativo é obrigatório e pode ter no máximo 100 caracteres.',
};

/** Texts by HTTP status when the code is unknown. */
export const STATUS_ERROR_TEXTS: Readonly<Record<number, string>> = {
  400: 'Os dados enviados não são válidos. Confira os campos e tente novamente.',
  401: RELOGIN,
  403: 'Você não tem permissão para esta ação.',
  404: 'Registro não encontrado. Ele pode ter sido excluído.',
  409: 'Estes dados foram alterados ao mesmo tempo por outra pessoa ou aba. Recarregue e tente novamente.',
  413: 'O conteúdo enviado é grande demais.',
  429: 'Muitas tentativas seguidas. Aguarde alguns instantes e tente novamente.',
  500: 'O servidor teve um problema. Tente novamente em instantes.',
  502: 'O servidor está indisponível no momento. Tente novamente em instantes.',
  503: 'O servidor está indisponível no momento. Tente novamente em instantes.',
  504: 'O servidor demorou demais para responder. Tente novamente.',
};

/** Words that mark a message as English; none of them is a Portuguese word. */
export const ENGLISH_WORDS = [
  'the', 'invalid', 'please', 'failed', 'error', 'unable', 'should', 'must', 'cannot', 'could', 'not', 'is', 'are', 'has',
  'have', 'be', 'been', 'was', 'of', 'to', 'with', 'from', 'this', 'that', 'user', 'password', 'request', 'only',
  'after', 'violates', 'duplicate', 'key', 'value', 'permission', 'denied', 'row', 'column', 'relation', 'policy',
  'required', 'found', 'missing', 'expired', 'reached', 'rate', 'limit', 'seconds', 'fetch', 'network', 'unknown',
  'unexpected', 'syntax', 'exist', 'exists', 'does', 'already', 'registered', 'address', 'format', 'token', 'session',
  'new', 'old', 'different', 'characters', 'least', 'into', 'by', 'an', 'at', 'on', 'and', 'or', 'it',
];
/** One of `words` as a whole word (letters with accents count as letters, so 'até' does not hold 'at'). */
// No lookbehind: older Safari cannot parse it, and the public pages load this module.
const wholeWord = (words: readonly string[]) => new RegExp(`(?:^|[^\\p{L}\\p{N}_])(?:${words.join('|')})(?![\\p{L}\\p{N}_])`, 'iu');
const ENGLISH = wholeWord(ENGLISH_WORDS);
const PORTUGUESE_WORDS = ['o', 'os', 'as', 'de', 'do', 'da', 'dos', 'das', 'não', 'para', 'com', 'um', 'uma', 'seu', 'sua', 'ser', 'foi', 'está', 'este', 'esta', 'no', 'na', 'ao', 'em', 'e', 'tente', 'novamente'];
const PORTUGUESE_LETTERS = /[áàâãéêíóôõúç]/i;
const PORTUGUESE = wholeWord(PORTUGUESE_WORDS);

/** A message the user can read as it is: Portuguese, with no English word in it. */
export function isPortugueseText(message: string): boolean {
  const text = message.trim();
  return text !== '' && (PORTUGUESE_LETTERS.test(text) || PORTUGUESE.test(text)) && !ENGLISH.test(text);
}

/** What is known about a failure: any of the server's code, message and HTTP status, and the error's class name. */
export interface ErrorFacts {
  code?: string | null;
  message?: string | null;
  status?: number | null;
  name?: string | null;
}

const NETWORK_MESSAGE =
  /failed to fetch|fetch failed|networkerror|network request failed|load failed|network error|dynamically imported module|importing a module script failed/i;

/** The request never reached the server (offline, server down, blocked): auth-js, supabase-js and fetch say so in these ways. */
export function isNetworkFailure(f: ErrorFacts): boolean {
  if (f.code === 'network' || f.name === 'AuthRetryableFetchError') return true;
  const message = f.message ?? '';
  return !f.code && NETWORK_MESSAGE.test(message);
}

const firstNumber = (message: string) => message.match(/\d+/)?.[0];

/** Texts that need a number or a detail taken from the server's English message. */
function detailed(code: string, message: string): string | null {
  const n = firstNumber(message);
  switch (code) {
    case 'over_email_send_rate_limit':
    case 'over_sms_send_rate_limit':
      if (!n) return null;
      return `Aguarde ${n} ${n === '1' ? 'segundo' : 'segundos'} para pedir outro ${code === 'over_email_send_rate_limit' ? 'e-mail' : 'SMS'}.`;
    case 'weak_password':
      return n ? `A senha deve ter pelo menos ${n} caracteres.` : null;
    case 'validation_failed':
      if (/email address|email format|invalid format/i.test(message)) return AUTH_ERROR_TEXTS.email_address_invalid;
      if (/password.*longer than/i.test(message) && n) return `A senha pode ter no máximo ${n} caracteres.`;
      if (/password.*at least/i.test(message) && n) return `A senha deve ter pelo menos ${n} caracteres.`;
      return null;
    default:
      return null;
  }
}

/**
 * The pt-BR sentence for a failure: the network text for a request that never arrived; the database's own message when
 * it is already Portuguese; the table's text for a known code (with the seconds or characters the server named); the
 * status's text; else `fallback`.
 */
export function errorText(f: ErrorFacts, fallback: string = GENERIC_ERROR_TEXT): string {
  if (isNetworkFailure(f)) return NETWORK_ERROR_TEXT;
  const message = (f.message ?? '').trim();
  if (isPortugueseText(message)) return message;
  const code = f.code ?? '';
  const constraint = message.match(/constraint "([^"]+)"/)?.[1];
  if (constraint && CONSTRAINT_TEXTS[constraint]) return CONSTRAINT_TEXTS[constraint];
  if (code) {
    const text = detailed(code, message) ?? AUTH_ERROR_TEXTS[code] ?? DATA_ERROR_TEXTS[code];
    if (text) return text;
  }
  if (f.status && STATUS_ERROR_TEXTS[f.status]) return STATUS_ERROR_TEXTS[f.status];
  if (f.status && f.status >= 500) return STATUS_ERROR_TEXTS[500];
  return fallback;
}
