import { describe, expect, it } from 'vitest';
import {
  projectTitleError,
  buildProjectPatch,
  normalizeProgress,
  progressFieldEditable,
  progressFromInput,
  projectDraftProblems,
  projectStatusLabel,
  showsProgressBar,
  showsProgressField,
  projectTabFromSearch,
  searchWithProjectTab,
  buildClientProjectPatch,
  clientMayDeleteProject,
  type ProjectDraft,
} from '../../src/lib/domain/project-rules';

describe('rótulos de status de projeto', () => {
  it.each([
    ['pending', 'Pendente'],
    ['in-progress', 'Em andamento'],
    ['completed', 'Concluído'],
  ])('%s aparece como "%s"', (status, label) => {
    expect(projectStatusLabel(status)).toBe(label);
  });

  it.each(['archived', '', 'Pendente', 'constructor', null, undefined])('um status desconhecido (%s) aparece como "Desconhecido"', (status) => {
    expect(projectStatusLabel(status)).toBe('Desconhecido');
  });
});

describe('normalização do progresso ao salvar', () => {
  it('concluído grava 100, seja qual for o valor editado ou o status anterior', () => {
    for (const stored of ['pending', 'in-progress', 'completed', 'weird']) {
      expect(normalizeProgress(stored, 'completed', 37)).toBe(100);
      expect(normalizeProgress(stored, 'completed', null)).toBe(100);
    }
  });

  it('pendente grava 0, seja qual for o valor editado ou o status anterior', () => {
    for (const stored of ['pending', 'in-progress', 'completed', 'weird']) {
      expect(normalizeProgress(stored, 'pending', 80)).toBe(0);
      expect(normalizeProgress(stored, 'pending', null)).toBe(0);
    }
  });

  describe.each(['pending', 'completed'])('em andamento vindo de %s', (stored) => {
    it('usa o valor editado quando está entre 10 e 90', () => {
      expect(normalizeProgress(stored, 'in-progress', 10)).toBe(10);
      expect(normalizeProgress(stored, 'in-progress', 42)).toBe(42);
      expect(normalizeProgress(stored, 'in-progress', 90)).toBe(90);
    });
    it('usa 50 quando o campo está vazio', () => {
      expect(normalizeProgress(stored, 'in-progress', null)).toBe(50);
    });
    it('limita abaixo de 10 a 10, inclusive 0 (0 é um valor, não vazio)', () => {
      expect(normalizeProgress(stored, 'in-progress', 0)).toBe(10);
      expect(normalizeProgress(stored, 'in-progress', 9)).toBe(10);
    });
    it('limita acima de 90 a 90', () => {
      expect(normalizeProgress(stored, 'in-progress', 91)).toBe(90);
      expect(normalizeProgress(stored, 'in-progress', 100)).toBe(90);
    });
  });

  describe('em andamento vindo de em andamento (ou de um status desconhecido)', () => {
    it('mantém o valor editado, inclusive fora de 10-90', () => {
      expect(normalizeProgress('in-progress', 'in-progress', 0)).toBe(0);
      expect(normalizeProgress('in-progress', 'in-progress', 5)).toBe(5);
      expect(normalizeProgress('in-progress', 'in-progress', 73)).toBe(73);
      expect(normalizeProgress('in-progress', 'in-progress', 100)).toBe(100);
      expect(normalizeProgress('archived', 'in-progress', 3)).toBe(3);
    });
    it('mantém o campo vazio como vazio (null)', () => {
      expect(normalizeProgress('in-progress', 'in-progress', null)).toBeNull();
    });
  });
});

describe('campo de progresso enquanto se digita', () => {
  it('aceita inteiros de 0 a 100', () => {
    expect(progressFromInput('0')).toBe(0);
    expect(progressFromInput('55')).toBe(55);
    expect(progressFromInput('100')).toBe(100);
  });
  it('limita a 0-100', () => {
    expect(progressFromInput('150')).toBe(100);
    expect(progressFromInput('-7')).toBe(0);
  });
  it('um valor que não é número vira 0', () => {
    expect(progressFromInput('abc')).toBe(0);
    expect(progressFromInput('1e999')).toBe(0);
  });
  it('arredonda decimais para um inteiro', () => {
    expect(progressFromInput('33.6')).toBe(34);
    expect(progressFromInput('12,4')).toBe(12);
  });
  it('um campo apagado fica vazio (null), para que "em andamento" use 50', () => {
    expect(progressFromInput('')).toBeNull();
    expect(progressFromInput('  ')).toBeNull();
  });
});

describe('visibilidade do progresso', () => {
  it('o campo fica escondido quando o status é pendente e aparece nos outros', () => {
    expect(showsProgressField('pending')).toBe(false);
    expect(showsProgressField('in-progress')).toBe(true);
    expect(showsProgressField('completed')).toBe(true);
  });
  it('o campo só é editável em modo de edição com status em andamento', () => {
    expect(progressFieldEditable(true, 'in-progress')).toBe(true);
    expect(progressFieldEditable(false, 'in-progress')).toBe(false);
    expect(progressFieldEditable(true, 'completed')).toBe(false);
    expect(progressFieldEditable(true, 'pending')).toBe(false);
  });
  it('o cartão da lista mostra a barra quando não é pendente e há progresso gravado', () => {
    expect(showsProgressBar('in-progress', 40)).toBe(true);
    expect(showsProgressBar('completed', 0)).toBe(true);
    expect(showsProgressBar('pending', 40)).toBe(false);
    expect(showsProgressBar('in-progress', null)).toBe(false);
  });
});

describe('corpo do PATCH ao salvar', () => {
  it('normaliza o progresso contra o status gravado, apara o título e mantém o texto como digitado', () => {
    expect(
      buildProjectPatch('pending', { title: ' Meu <b>projeto</b> ', description: 'Descrição', status: 'in-progress', progress: null }),
    ).toEqual({ title: 'Meu <b>projeto</b>', description: 'Descrição', status: 'in-progress', progress: 50 });
  });
  it('grava uma descrição apagada como null', () => {
    expect(buildProjectPatch('in-progress', { title: 'T', description: '', status: 'completed', progress: 20 })).toEqual({
      title: 'T',
      description: null,
      status: 'completed',
      progress: 100,
    });
  });
});

describe('título do projeto', () => {
  it('é obrigatório depois de aparado e tem no máximo 200 caracteres (emoji conta como um)', () => {
    expect(projectTitleError('  \n ')).toBe('O título do projeto é obrigatório.');
    expect(projectTitleError(' Chatbot ')).toBeNull();
    expect(projectTitleError('a'.repeat(200))).toBeNull();
    expect(projectTitleError('😀'.repeat(200))).toBeNull();
    expect(projectTitleError('a'.repeat(201))).toBe('O título do projeto pode ter no máximo 200 caracteres.');
  });
});

describe('limites do título e da descrição do projeto', () => {
  it('o título é obrigatório depois de aparado', () => {
    expect(projectDraftProblems({ title: '  \n ', description: '' })).toEqual({ title: 'O título do projeto é obrigatório.' });
  });

  it('o título tem até 200 caracteres e a descrição até 5000', () => {
    expect(projectDraftProblems({ title: 'x'.repeat(200), description: 'd'.repeat(5000) })).toBeNull();
    expect(projectDraftProblems({ title: 'x'.repeat(201), description: 'd'.repeat(5001) })).toEqual({
      title: 'O título do projeto pode ter no máximo 200 caracteres.',
      description: 'A descrição pode ter no máximo 5000 caracteres.',
    });
  });

  it('um emoji conta como um caractere, como no banco', () => {
    expect(projectDraftProblems({ title: '🚀'.repeat(200), description: '' })).toBeNull();
  });

  it('o título salvo vai aparado', () => {
    expect(buildProjectPatch('pending', { title: '  Chatbot  ', description: '', status: 'pending', progress: null }).title).toBe('Chatbot');
  });
});

describe('a aba do projeto no endereço', () => {
  it('?tab=documentos abre Documentos, ?tab=atualizacoes abre Atualizações; sem tab ou desconhecida, Visão Geral', () => {
    expect(projectTabFromSearch('?tab=documentos')).toBe('documents');
    expect(projectTabFromSearch('?x=1&tab=atualizacoes')).toBe('updates');
    expect(projectTabFromSearch('')).toBe('overview');
    expect(projectTabFromSearch('?tab=visao-geral')).toBe('overview');
    expect(projectTabFromSearch('?tab=senhas')).toBe('overview');
  });

  it('trocar de aba escreve a aba e mantém os outros parâmetros; Visão Geral tira o parâmetro', () => {
    expect(searchWithProjectTab('', 'documents')).toBe('?tab=documentos');
    expect(searchWithProjectTab('?tab=documentos', 'updates')).toBe('?tab=atualizacoes');
    expect(searchWithProjectTab('?tab=documentos', 'overview')).toBe('');
    expect(searchWithProjectTab('?x=1&tab=documentos', 'overview')).toBe('?x=1');
  });
});

describe('o que o cliente muda no projeto', () => {
  it('a gravação do cliente leva só título e descrição, nunca status ou progresso', () => {
    expect(buildClientProjectPatch({ title: '  Meu chatbot ', description: '' })).toEqual({ title: 'Meu chatbot', description: null });
    const patch = buildClientProjectPatch({ title: 'A', description: 'B', status: 'completed', progress: 100 } as ProjectDraft);
    expect(Object.keys(patch).sort()).toEqual(['description', 'title']);
  });

  it('o cliente exclui só um projeto pendente', () => {
    expect(['pending', 'in-progress', 'completed', 'x'].map(clientMayDeleteProject)).toEqual([true, false, false, false]);
  });
});
