// /profile 'Meu Perfil': name and avatar (kept as a draft until saved) and 'Alterar senha'. The sidebar follows a
// saved name or avatar at once: the save updates the session's user, which the auth store hands to the shell.
import { useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $auth } from '../lib/stores/auth';
import { changePassword } from '../lib/stores/account-actions';
import { toast } from '../lib/stores/toast';
import { updateMyProfile } from '../lib/data/profiles';
import { isSessionError } from '../lib/data/data-errors';
import { errorMessage } from '../lib/util/error-message';
import { toProfileInput, validateProfile, type ProfileErrors, type ProfileFormValues } from '../lib/domain/profile-rules';
import { profileDraft } from '../components/profile/profile-draft';
import { ProfileForm } from '../components/profile/ProfileForm';
import { PasswordForm } from '../components/profile/PasswordForm';
import { ScreenTitle } from '../components/shell/ScreenTitle';

const metaText = (v: unknown) => (typeof v === 'string' ? v : '');

/** Why a save failed, in words for the toast. */
function saveFailure(e: unknown): string {
  if (isSessionError(e)) return 'Sua sessão expirou. Entre novamente para salvar; o que você digitou foi mantido.';
  if (e instanceof Error && 'code' in e && e.code === '23514') return 'O nome ou a URL da foto não foi aceito. Confira os campos.';
  return errorMessage(e);
}

export default function ProfileScreen() {
  const { user } = useStore($auth);
  const userId = user?.id ?? '';
  const draft = useMemo(() => profileDraft(userId), [userId]);
  const [values, setValues] = useState<ProfileFormValues>(
    () =>
      draft.load() ?? {
        full_name: metaText(user?.user_metadata?.full_name),
        avatar_url: metaText(user?.user_metadata?.avatar_url),
      },
  );
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [saving, setSaving] = useState(false);

  const change = (field: keyof ProfileFormValues, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    draft.save(next);
    if (errors[field]) setErrors((p) => ({ ...p, [field]: undefined }));
  };

  const save = async () => {
    if (saving) return;
    const found = validateProfile(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      document.getElementById(found.full_name ? 'profile-full-name' : 'profile-avatar-url')?.focus();
      return;
    }
    setSaving(true);
    try {
      const saved = await updateMyProfile(toProfileInput(values));
      draft.clear();
      setValues({ full_name: saved.full_name ?? '', avatar_url: saved.avatar_url ?? '' });
      toast({ title: 'Perfil atualizado!', description: 'Suas informações foram salvas.' });
    } catch (e) {
      toast({ title: 'Erro ao salvar perfil', description: saveFailure(e), variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <ScreenTitle title="Meu Perfil" subtitle="Seu nome, sua foto e sua senha de acesso ao portal." />
      <ProfileForm
        email={user?.email ?? ''}
        values={values}
        errors={errors}
        saving={saving}
        onChange={change}
        onSubmit={() => void save()}
      />
      <PasswordForm
        onChange={async (current, password) => {
          const result = await changePassword(current, password);
          return result.success ? 'changed' : result.errorType === 'wrong_password' ? 'wrong' : 'failed';
        }}
      />
    </div>
  );
}
