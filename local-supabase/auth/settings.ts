// GET /settings: which sign-in methods this GoTrue offers (e-mail and password only) and whether sign-ups need a
// confirmation mail.
import type { AuthContext } from './context.ts';

export function settings(ctx: AuthContext) {
  return {
    external: {
      anonymous_users: false,
      apple: false,
      azure: false,
      bitbucket: false,
      discord: false,
      email: true,
      facebook: false,
      figma: false,
      github: false,
      gitlab: false,
      google: false,
      keycloak: false,
      kakao: false,
      linkedin_oidc: false,
      notion: false,
      phone: false,
      slack_oidc: false,
      spotify: false,
      twitch: false,
      twitter: false,
      workos: false,
      zoom: false,
    },
    disable_signup: ctx.disableSignup,
    mailer_autoconfirm: ctx.mailerAutoconfirm,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  };
}
