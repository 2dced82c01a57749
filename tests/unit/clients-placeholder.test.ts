import { describe, expect, it } from 'vitest';
import { clientIdFromPath } from '../../src/islands/MyClientsPlaceholder';

describe('id do cliente lido do endereço nas páginas provisórias', () => {
  it('/my-clients/{id} e /my-clients/edit/{id}, com ou sem barra final', () => {
    expect(clientIdFromPath('/my-clients/abc-123', 'detail')).toBe('abc-123');
    expect(clientIdFromPath('/my-clients/abc-123/', 'detail')).toBe('abc-123');
    expect(clientIdFromPath('/my-clients/edit/abc-123/', 'edit')).toBe('abc-123');
  });

  it('decodifica o id e mostra como texto o que não decodifica', () => {
    expect(clientIdFromPath('/my-clients/%3Cb%3Ex%3C%2Fb%3E', 'detail')).toBe('<b>x</b>');
    expect(clientIdFromPath('/my-clients/%E0%A4%A', 'detail')).toBe('%E0%A4%A');
  });

  it('sem id, devolve vazio', () => {
    expect(clientIdFromPath('/my-clients/edit/', 'edit')).toBe('');
  });
});
