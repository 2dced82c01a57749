// Every database rule, as one sequence of suites run against a database prepared with
// fixtures/people.sql: by the PGlite run and by the PostgreSQL 15 run alike.
import { describe } from 'vitest';
import type { TestDb } from '../db.ts';
import { describeAdminConsole } from './admin-console.ts';
import { describeAttacks } from './attacks.ts';
import { describeDashboardVisit } from './dashboard-visit.ts';
import { describeDocuments } from './documents.ts';
import { describeLimits } from './limits.ts';
import { describeLinter } from './linter.ts';
import { describeInbox } from './inbox.ts';
import { describeInvoices } from './invoices.ts';
import { describeInvoiceNotifications } from './invoice-notifications.ts';
import { describeMatrix } from './matrix.ts';
import { describeNotifications } from './notifications.ts';
import { describeProfiles } from './profiles.ts';
import { describeProjects } from './projects.ts';
import { describeSchemaAndSeed } from './schema.ts';
import { describeSearch } from './search.ts';
import { describeSupport } from './support.ts';
import { describeTaskOverdue } from './task-overdue.ts';
import { describeTicketAttachments } from './ticket-attachments.ts';

export function describeDatabaseRules(getDb: () => TestDb): void {
  describeSchemaAndSeed(getDb);
  describeMatrix(getDb);
  describe('ataques', () => {
    describeAttacks(getDb);
  });
  describeSearch(getDb);
  describeSupport(getDb);
  describeInbox(getDb);
  describeProjects(getDb);
  describeAdminConsole(getDb);
  describeProfiles(getDb);
  describeDocuments(getDb);
  describeTicketAttachments(getDb);
  describeLimits(getDb);
  describeDashboardVisit(getDb);
  describeTaskOverdue(getDb);
  describeInvoices(getDb);
  describeInvoiceNotifications(getDb);
  describeNotifications(getDb);
  // Last: it applies (and rolls back) a bad migration.
  describeLinter(getDb);
}
