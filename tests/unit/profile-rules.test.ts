// The rules of 'Meu Perfil': name trimmed 1-120 characters, avatar optional and https only (the table's pattern),
// new password of at least 6 characters typed twice.
import { describe, expect, it } from 'vitest';
import {
  PROFILE_TEXTS,
  isAvatarUrl,
  toProfileInput,
  validateNewPassword,
  validateProfile,
} from '../../src/lib/domain/profile-rules';

describe('validateProfile', () => {
  it('accepts a name and no avatar', () => {
    expect(validateProfile({ full_name: 'Ana Souza', avatar_url: '' })).toEqual({});
  });

  it('asks for a name when it is empty or only spaces', () => {
    expect(validateProfile({ full_name: '   ', avatar_url: '' }).full_name).toBe(PROFILE_TEXTS.nameRequired);
    expect(validateProfile({ full_name: '\u00a0\u3000\u200b', avatar_url: '' }).full_name).toBe(PROFILE_TEXTS.nameRequired);
  });

  it('counts the trimmed name by characters: 120 pass, 121 fail, emoji count once', () => {
    expect(validateProfile({ full_name: `  ${'a'.repeat(120)}  `, avatar_url: '' })).toEqual({});
    expect(validateProfile({ full_name: 'a'.repeat(121), avatar_url: '' }).full_name).toBe(PROFILE_TEXTS.nameTooLong);
    expect(validateProfile({ full_name: '😀'.repeat(120), avatar_url: '' })).toEqual({});
  });

  it('refuses an avatar that is not https, and one longer than 2048 characters', () => {
    for (const bad of ['http://x.com/a.png', 'javascript:alert(1)', 'ftp://x/a', 'https://', 'https:// x.com/a.png', 'foto.png']) {
      expect(validateProfile({ full_name: 'Ana', avatar_url: bad }).avatar_url, bad).toBe(PROFILE_TEXTS.avatarNotHttps);
    }
    const long = `https://x.com/${'a'.repeat(2040)}`;
    expect(validateProfile({ full_name: 'Ana', avatar_url: long }).avatar_url).toBe(PROFILE_TEXTS.avatarTooLong);
  });

  it('accepts an https avatar with path and query, surrounding spaces ignored', () => {
    expect(validateProfile({ full_name: 'Ana', avatar_url: ' https://cdn.exemplo.com.br/u/1.png?s=80 ' })).toEqual({});
    expect(isAvatarUrl('https://cdn.exemplo.com.br/u/1.png?s=80')).toBe(true);
  });
});

describe('toProfileInput', () => {
  it('trims the name and turns an empty avatar into null', () => {
    expect(toProfileInput({ full_name: '  Ana  ', avatar_url: '  ' })).toEqual({ full_name: 'Ana', avatar_url: null });
    expect(toProfileInput({ full_name: '\u200bAna\u00a0', avatar_url: '' }).full_name).toBe('Ana');
    expect(toProfileInput({ full_name: 'Ana', avatar_url: ' https://x.com/a.png ' })).toEqual({
      full_name: 'Ana',
      avatar_url: 'https://x.com/a.png',
    });
  });
});

describe('validateNewPassword', () => {
  it('asks for the three fields', () => {
    expect(validateNewPassword('', '', '')).toEqual({
      current: PROFILE_TEXTS.currentRequired,
      password: PROFILE_TEXTS.passwordRequired,
      confirm: PROFILE_TEXTS.confirmRequired,
    });
  });

  it('needs the current password before any change', () => {
    expect(validateNewPassword('senha-nova', 'senha-nova', '')).toEqual({ current: 'Informe sua senha atual.' });
  });

  it('needs at least 6 characters', () => {
    expect(validateNewPassword('12345', '12345', 'atual')).toEqual({ password: PROFILE_TEXTS.passwordTooShort });
    expect(validateNewPassword('123456', '123456', 'atual')).toEqual({});
  });

  it("says 'As senhas não coincidem.' when the confirmation differs", () => {
    expect(validateNewPassword('senha-nova', 'senha-nov', 'atual')).toEqual({ confirm: 'As senhas não coincidem.' });
  });
});
