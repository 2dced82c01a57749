// The policy matrix: every table and the assignment view × {anon, client A, client B, admin}
// × {select, insert, update, delete}, with the outcome the row-level security rules demand.
// Shared by the PGlite run and the PostgreSQL 15 run, over the rows of fixtures/people.sql.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { asActor, asDbError, type Actor, type TestDb } from './db.ts';

export const PEOPLE_FIXTURE = join(dirname(fileURLToPath(import.meta.url)), 'fixtures/people.sql');

/** Ids of fixtures/people.sql, by name. */
export const ID = {
  userA: 'aaaaaaaa-0000-4000-8000-00000000000a',
  userB: 'bbbbbbbb-0000-4000-8000-00000000000b',
  admin: 'dddddddd-0000-4000-8000-00000000000d',
  projectA: '10000000-0000-4000-8000-00000000000a',
  projectB: '10000000-0000-4000-8000-00000000000b',
  projectAdmin: '10000000-0000-4000-8000-00000000000d',
  ticketA: '20000000-0000-4000-8000-00000000000a',
  ticketB: '20000000-0000-4000-8000-00000000000b',
  clientA: '30000000-0000-4000-8000-00000000000a',
  clientB: '30000000-0000-4000-8000-00000000000b',
  clientAdmin: '30000000-0000-4000-8000-00000000000d',
  clientNoOwner: '30000000-0000-4000-8000-000000000000',
  agencyClientA: '30000000-0000-4000-8000-0000000000aa',
  agencyClientB: '30000000-0000-4000-8000-0000000000bb',
  /** The one row of public.app_settings (its id is the boolean true), made by the migration. */
  settings: 'true',
  taskA: '40000000-0000-4000-8000-00000000000a',
  taskB: '40000000-0000-4000-8000-00000000000b',
  taskAdminToA: '40000000-0000-4000-8000-0000000000da',
  taskAToAdmin: '40000000-0000-4000-8000-0000000000ad',
  msgStaffToA: '50000000-0000-4000-8000-0000000000a1',
  noteOnA: '50000000-0000-4000-8000-0000000000a2',
  msgFromA: '50000000-0000-4000-8000-0000000000a3',
  msgFromB: '50000000-0000-4000-8000-0000000000b1',
  noteOnB: '50000000-0000-4000-8000-0000000000b2',
  updateByA: '60000000-0000-4000-8000-00000000000a',
  updateByAdminOnA: '60000000-0000-4000-8000-0000000000da',
  updateByB: '60000000-0000-4000-8000-00000000000b',
  // Project documents: the documents suite stores them (objects and rows) for its own duration.
  docA: '70000000-0000-4000-8000-00000000000a',
  docAdminOnA: '70000000-0000-4000-8000-0000000000da',
  docB: '70000000-0000-4000-8000-00000000000b',
  // Ticket attachments: the ticket-attachments suite stores them (objects and rows) for its own duration.
  attFirstA: '80000000-0000-4000-8000-00000000000a',
  attReplyToA: '80000000-0000-4000-8000-0000000000d1',
  attNoteOnA: '80000000-0000-4000-8000-0000000000d2',
  attFromA: '80000000-0000-4000-8000-0000000000a3',
  attFirstB: '80000000-0000-4000-8000-00000000000b',
} as const;
export type FixtureName = keyof typeof ID;

const NAME_OF = new Map<string, FixtureName>(Object.entries(ID).map(([name, id]) => [id, name as FixtureName]));

export type Who = 'anon' | 'a' | 'b' | 'admin';
export const WHO: Who[] = ['anon', 'a', 'b', 'admin'];

export const ACTORS: Record<Who, Actor> = {
  anon: { role: 'anon' },
  a: { role: 'authenticated', sub: ID.userA, email: 'ana@cliente-a.com.br' },
  b: { role: 'authenticated', sub: ID.userB, email: 'bruno@cliente-b.com.br' },
  admin: { role: 'authenticated', sub: ID.admin, email: 'diana@agencia.com.br', appRole: 'admin' },
};

export const WHO_LABEL: Record<Who, string> = {
  anon: 'o visitante anônimo',
  a: 'a cliente A',
  b: 'o cliente B',
  admin: 'a admin',
};

/** The database refused the statement (42501: no privilege or a row-level security violation). */
export const DENIED = 'negado';
export type Outcome = typeof DENIED | number | FixtureName[];

type Op = 'select' | 'insert' | 'update' | 'delete';
export const OPS: Op[] = ['select', 'insert', 'update', 'delete'];

/** `setup` runs first in the same transaction (e.g. a setting the statement needs). */
interface Statement { sql: string; params?: unknown[]; setup?: string }

export interface RelationMatrix {
  relation: string;
  /** What update/delete aim at: always a row of client A (so B and the admin try someone else's row). */
  target: string;
  statements: Record<Op, Statement>;
  expect: Record<Op, Record<Who, Outcome>>;
}

const all = (outcome: Outcome): Record<Who, Outcome> => ({ anon: outcome, a: outcome, b: outcome, admin: outcome });

export const MATRIX: RelationMatrix[] = [
  {
    relation: 'profiles',
    target: 'o perfil da cliente A',
    statements: {
      select: { sql: 'select id from public.profiles' },
      insert: { sql: `insert into public.profiles (id, full_name) values (gen_random_uuid(), 'Intruso') returning id` },
      update: { sql: `update public.profiles set full_name = 'Nome trocado' where id = $1 returning id`, params: [ID.userA] },
      delete: { sql: 'delete from public.profiles where id = $1 returning id', params: [ID.userA] },
    },
    expect: {
      select: { anon: DENIED, a: ['userA', 'admin'], b: ['userB', 'admin'], admin: ['userA', 'userB', 'admin'] },
      insert: all(DENIED),
      update: { anon: DENIED, a: 1, b: 0, admin: 0 },
      delete: all(DENIED),
    },
  },
  {
    relation: 'users_view_for_assignment',
    target: 'a linha da cliente A',
    statements: {
      select: { sql: 'select id from public.users_view_for_assignment' },
      insert: { sql: `insert into public.users_view_for_assignment (id, full_name) values (gen_random_uuid(), 'Intruso') returning id` },
      update: { sql: `update public.users_view_for_assignment set full_name = 'Nome trocado' where id = $1 returning id`, params: [ID.userA] },
      delete: { sql: 'delete from public.users_view_for_assignment where id = $1 returning id', params: [ID.userA] },
    },
    expect: {
      select: { anon: DENIED, a: ['userA', 'admin'], b: ['userB', 'admin'], admin: ['userA', 'userB', 'admin'] },
      insert: all(DENIED),
      update: all(DENIED),
      delete: all(DENIED),
    },
  },
  {
    relation: 'projects',
    target: 'o projeto da cliente A',
    statements: {
      select: { sql: 'select id from public.projects' },
      insert: { sql: `insert into public.projects (title, plan) values ('Pacote Essencial', 'essential') returning id` },
      update: { sql: `update public.projects set title = 'Título trocado' where id = $1 returning id`, params: [ID.projectA] },
      delete: { sql: 'delete from public.projects where id = $1 returning id', params: [ID.projectA] },
    },
    expect: {
      select: { anon: DENIED, a: ['projectA'], b: ['projectB'], admin: ['projectA', 'projectB', 'projectAdmin'] },
      // A client starts a project from a plan; admins create any.
      insert: { anon: DENIED, a: 1, b: 1, admin: 1 },
      update: { anon: DENIED, a: 1, b: 0, admin: 1 },
      // A's project is in progress: only a pending project is the client's to delete.
      delete: { anon: DENIED, a: DENIED, b: 0, admin: 1 },
    },
  },
  {
    relation: 'support_tickets',
    target: 'o ticket da cliente A',
    statements: {
      select: { sql: 'select id from public.support_tickets' },
      insert: { sql: `insert into public.support_tickets (subject, message_content) values ('Assunto', 'Mensagem') returning id` },
      update: { sql: `update public.support_tickets set subject = 'Assunto trocado' where id = $1 returning id`, params: [ID.ticketA] },
      delete: { sql: 'delete from public.support_tickets where id = $1 returning id', params: [ID.ticketA] },
    },
    expect: {
      select: { anon: DENIED, a: ['ticketA'], b: ['ticketB'], admin: ['ticketA', 'ticketB'] },
      insert: { anon: DENIED, a: 1, b: 1, admin: 1 },
      // Admins set the status of any ticket but never reword the client's subject.
      update: { anon: DENIED, a: 1, b: 0, admin: DENIED },
      delete: all(DENIED),
    },
  },
  {
    relation: 'ticket_messages',
    target: 'a resposta da equipe no ticket da cliente A',
    statements: {
      select: { sql: 'select id from public.ticket_messages' },
      insert: { sql: `insert into public.ticket_messages (ticket_id, body) values ($1, 'Nova mensagem') returning id`, params: [ID.ticketA] },
      update: { sql: `update public.ticket_messages set body = 'Texto trocado' where id = $1 returning id`, params: [ID.msgStaffToA] },
      delete: { sql: 'delete from public.ticket_messages where id = $1 returning id', params: [ID.msgStaffToA] },
    },
    expect: {
      // Internal notes (noteOnA, noteOnB) reach only the admin.
      select: {
        anon: DENIED,
        a: ['msgStaffToA', 'msgFromA'],
        b: ['msgFromB'],
        admin: ['msgStaffToA', 'noteOnA', 'msgFromA', 'msgFromB', 'noteOnB'],
      },
      insert: { anon: DENIED, a: 1, b: DENIED, admin: 1 },
      update: all(DENIED),
      delete: all(DENIED),
    },
  },
  {
    relation: 'support_ticket_reads',
    target: 'a abertura do ticket da cliente A',
    statements: {
      select: { sql: 'select ticket_id as id from public.support_ticket_reads' },
      insert: { sql: `insert into public.support_ticket_reads (ticket_id, user_id) values ($1, auth.uid()) returning ticket_id as id`, params: [ID.ticketA] },
      update: { sql: `update public.support_ticket_reads set last_read_at = now() + interval '1 year' where ticket_id = $1 returning ticket_id as id`, params: [ID.ticketA] },
      delete: { sql: 'delete from public.support_ticket_reads where ticket_id = $1 returning ticket_id as id', params: [ID.ticketA] },
    },
    expect: {
      // Written only by mark_ticket_read.
      select: { anon: DENIED, a: ['ticketA'], b: ['ticketB'], admin: ['ticketA'] },
      insert: all(DENIED),
      update: all(DENIED),
      delete: all(DENIED),
    },
  },
  {
    relation: 'project_updates',
    target: 'a atualização que a cliente A acabou de postar',
    statements: {
      select: { sql: 'select id from public.project_updates' },
      insert: { sql: `insert into public.project_updates (project_id, content) values ($1, 'Nova atualização') returning id`, params: [ID.projectA] },
      update: { sql: `update public.project_updates set content = 'Texto trocado' where id = $1 returning id`, params: [ID.updateByA] },
      delete: { sql: 'delete from public.project_updates where id = $1 returning id', params: [ID.updateByA] },
    },
    expect: {
      select: { anon: DENIED, a: ['updateByA', 'updateByAdminOnA'], b: ['updateByB'], admin: ['updateByA', 'updateByAdminOnA', 'updateByB'] },
      insert: { anon: DENIED, a: 1, b: DENIED, admin: 1 },
      update: all(DENIED),
      // The author within 15 minutes, and admins.
      delete: { anon: DENIED, a: 1, b: 0, admin: 1 },
    },
  },
  {
    relation: 'clients',
    target: 'o contato da cliente A',
    statements: {
      select: { sql: 'select id from public.clients' },
      insert: { sql: `insert into public.clients (full_name, email) values ('Contato novo', 'novo@exemplo.com.br') returning id` },
      update: { sql: `update public.clients set company_name = 'Empresa trocada' where id = $1 returning id`, params: [ID.clientA] },
      delete: { sql: 'delete from public.clients where id = $1 returning id', params: [ID.clientA] },
    },
    expect: {
      // A user's own contacts are theirs alone; admins manage the agency's clients (no owner) and their own contacts.
      select: { anon: DENIED, a: ['clientA'], b: ['clientB'], admin: ['agencyClientA', 'agencyClientB', 'clientAdmin', 'clientNoOwner'] },
      insert: { anon: DENIED, a: 1, b: 1, admin: 1 },
      update: { anon: DENIED, a: 1, b: 0, admin: 0 },
      delete: { anon: DENIED, a: 1, b: 0, admin: 0 },
    },
  },
  {
    relation: 'tasks',
    target: 'a tarefa que a admin criou para a cliente A',
    statements: {
      select: { sql: 'select id from public.tasks' },
      insert: { sql: `insert into public.tasks (title) values ('Tarefa nova') returning id` },
      update: { sql: `update public.tasks set status = 'Concluída' where id = $1 returning id`, params: [ID.taskAdminToA] },
      delete: { sql: 'delete from public.tasks where id = $1 returning id', params: [ID.taskAdminToA] },
    },
    expect: {
      // Admins read every task (the collaborators screen); they change only their own.
      select: { anon: DENIED, a: ['taskA', 'taskAdminToA', 'taskAToAdmin'], b: ['taskB'], admin: ['taskA', 'taskB', 'taskAdminToA', 'taskAToAdmin'] },
      insert: { anon: DENIED, a: 1, b: 1, admin: 1 },
      // The assignee may update, only the creator may delete.
      update: { anon: DENIED, a: 1, b: 0, admin: 1 },
      delete: { anon: DENIED, a: 0, b: 0, admin: 1 },
    },
  },
  {
    relation: 'agency clients',
    target: 'o registro de cliente da agência da conta da cliente A',
    statements: {
      select: { sql: 'select id from public.clients where owner_user_id is null' },
      insert: { sql: `insert into public.clients (full_name, email, owner_user_id) values ('Lead novo', 'lead.novo@exemplo.com.br', null) returning owner_user_id as id` },
      update: { sql: `update public.clients set status = 'active' where id = $1 returning id`, params: [ID.agencyClientA] },
      delete: { sql: 'delete from public.clients where id = $1 returning id', params: [ID.agencyClientA] },
    },
    expect: {
      // A client's insert with no owner becomes their own contact (1 row, owned by them); only admins touch agency rows.
      select: { anon: DENIED, a: [], b: [], admin: ['agencyClientA', 'agencyClientB', 'clientNoOwner'] },
      insert: { anon: DENIED, a: 1, b: 1, admin: 1 },
      update: { anon: DENIED, a: 0, b: 0, admin: 1 },
      delete: { anon: DENIED, a: 0, b: 0, admin: 1 },
    },
  },
  {
    relation: 'activity_log',
    target: 'o registro do cadastro da cliente A',
    statements: {
      select: { sql: `select subject_id as id from public.activity_log where kind = 'client_signed_up'` },
      insert: { sql: `insert into public.activity_log (kind, subject_id, label) values ('client_added', gen_random_uuid(), 'Falso') returning subject_id as id` },
      update: { sql: `update public.activity_log set label = 'Trocado' where subject_id = $1 returning subject_id as id`, params: [ID.agencyClientA] },
      delete: { sql: 'delete from public.activity_log where subject_id = $1 returning subject_id as id', params: [ID.agencyClientA] },
    },
    expect: {
      // Written by triggers only; admins read it, nobody else sees a row.
      select: { anon: DENIED, a: [], b: [], admin: ['agencyClientA', 'agencyClientB'] },
      insert: all(DENIED),
      update: all(DENIED),
      delete: all(DENIED),
    },
  },
  {
    relation: 'app_settings',
    target: 'as configurações do portal',
    statements: {
      select: { sql: 'select id::text as id from public.app_settings' },
      insert: { sql: `insert into public.app_settings (id, app_name, admin_email) values (true, 'Outro', 'x@exemplo.com.br') returning id` },
      update: { sql: `update public.app_settings set app_name = 'Agência Nova' returning id` },
      delete: { sql: 'delete from public.app_settings returning id' },
    },
    expect: {
      // One row: every signed-in user reads it (visitors only the name and contact e-mail), only admins update it.
      select: { anon: ['settings'], a: ['settings'], b: ['settings'], admin: ['settings'] },
      insert: all(DENIED),
      update: { anon: DENIED, a: 0, b: 0, admin: 1 },
      delete: all(DENIED),
    },
  },
];

/** Runs one statement as `who` (rolled back) and reduces the answer to an Outcome. */
export async function outcomeOf(db: TestDb, who: Who, op: Op, statement: Statement): Promise<Outcome> {
  try {
    const rows = await asActor(db, ACTORS[who], async (query) => {
      if (statement.setup) await query(statement.setup);
      return (await query(statement.sql, statement.params)).rows;
    });
    if (op !== 'select') return rows.length;
    return rows.map((row) => NAME_OF.get(String(row.id)) ?? (String(row.id) as FixtureName)).sort();
  } catch (error) {
    const { code, message } = asDbError(error);
    if (code === '42501') return DENIED;
    throw new Error(`${code}: ${message}`);
  }
}

/** The rule a cell states, in the product's language: 'o cliente B não consegue excluir o projeto da cliente A'. */
export function ruleOf(matrix: RelationMatrix, op: Op, who: Who): string {
  const expected = matrix.expect[op][who];
  const subject = WHO_LABEL[who];
  const where = `em ${matrix.relation}`;
  if (op === 'select') {
    if (expected === DENIED) return `${subject} não lê nada ${where}`;
    const list = expected as FixtureName[];
    return list.length === 0 ? `${subject} não vê nenhuma linha ${where}` : `${subject} lê ${where} só: ${list.join(', ')}`;
  }
  const verb = { insert: 'inserir', update: 'alterar', delete: 'excluir' }[op];
  if (expected === DENIED) return `${subject} não tem permissão para ${verb} ${where}`;
  if (op === 'insert') return `${subject} consegue inserir ${where}`;
  return expected === 0
    ? `${subject} não consegue ${verb} ${matrix.target} (${matrix.relation})`
    : `${subject} consegue ${verb} ${matrix.target} (${matrix.relation})`;
}

export interface MatrixCase { matrix: RelationMatrix; op: Op; who: Who; name: string; expected: Outcome }

export function matrixCases(list: RelationMatrix[] = MATRIX): MatrixCase[] {
  return list.flatMap((matrix) =>
    OPS.flatMap((op) => WHO.map((who) => ({ matrix, op, who, name: ruleOf(matrix, op, who), expected: matrix.expect[op][who] }))),
  );
}

export async function runCase(db: TestDb, c: MatrixCase): Promise<Outcome> {
  const outcome = await outcomeOf(db, c.who, c.op, c.matrix.statements[c.op]);
  return Array.isArray(outcome) ? [...outcome].sort() : outcome;
}

export function sortedExpectation(c: MatrixCase): Outcome {
  return Array.isArray(c.expected) ? [...c.expected].sort() : c.expected;
}
