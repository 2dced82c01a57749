// Row types of the public schema, in the shape `supabase gen types typescript` produces.
// One source of truth for every data module and island: keep it in step with supabase/migrations.

export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[];

export type ProjectStatus = 'pending' | 'in-progress' | 'completed';
export type TicketStatus = 'open' | 'in_progress' | 'resolved';
/** CRM client status codes; labels live in src/lib (Lead, Prospecção, Ativo, Em Espera, Concluído, Perdido). */
export type ClientStatus = 'lead' | 'prospect' | 'active' | 'on_hold' | 'completed' | 'lost';
/** CRM client source codes; labels: Indicação, Site, Redes Sociais, Evento, Outbound, Outro. */
export type ClientSource = 'referral' | 'website' | 'social_media' | 'event' | 'outbound' | 'other';
export type TaskStatus = 'Pendente' | 'Em Andamento' | 'Concluída' | 'Bloqueada';
export type TaskPriority = 'Baixa' | 'Média' | 'Alta' | 'Urgente';

export type Database = {
  public: {
    Tables: {
      profiles: {
        Row: { id: string; full_name: string | null; email: string | null; avatar_url: string | null; created_at: string; updated_at: string };
        Insert: never;
        Update: { full_name?: string | null; avatar_url?: string | null };
        Relationships: [];
      };
      projects: {
        Row: {
          id: string; user_id: string; title: string; description: string | null;
          status: ProjectStatus; progress: number | null; created_at: string; updated_at: string;
        };
        Insert: {
          id?: string; user_id?: string; title: string; description?: string | null;
          status?: ProjectStatus; progress?: number | null; created_at?: string; updated_at?: string;
        };
        Update: { title?: string; description?: string | null; status?: ProjectStatus; progress?: number | null; updated_at?: string };
        Relationships: [
          { foreignKeyName: 'projects_user_id_fkey'; columns: ['user_id']; isOneToOne: false; referencedRelation: 'profiles'; referencedColumns: ['id'] },
        ];
      };
      support_tickets: {
        Row: {
          id: string; user_id: string; subject: string; message_content: string; status: TicketStatus;
          response_content: string | null; created_at: string; updated_at: string;
        };
        Insert: { id?: string; user_id?: string; subject: string; message_content: string; status?: 'open' };
        Update: { subject?: string; message_content?: string };
        Relationships: [
          { foreignKeyName: 'support_tickets_user_id_fkey'; columns: ['user_id']; isOneToOne: false; referencedRelation: 'profiles'; referencedColumns: ['id'] },
        ];
      };
      clients: {
        Row: {
          id: string; full_name: string; email: string; phone: string | null; company_name: string | null;
          status: ClientStatus; source: ClientSource | null; admin_notes: string | null;
          created_at: string; updated_at: string; owner_user_id: string | null; account_manager_id: string | null;
        };
        Insert: {
          id?: string; full_name: string; email: string; phone?: string | null; company_name?: string | null;
          status?: ClientStatus; source?: ClientSource | null; admin_notes?: string | null;
          owner_user_id?: string | null; account_manager_id?: string | null;
        };
        Update: {
          full_name?: string; email?: string; phone?: string | null; company_name?: string | null;
          status?: ClientStatus; source?: ClientSource | null; admin_notes?: string | null; account_manager_id?: string | null;
        };
        Relationships: [
          { foreignKeyName: 'clients_owner_user_id_fkey'; columns: ['owner_user_id']; isOneToOne: false; referencedRelation: 'profiles'; referencedColumns: ['id'] },
          { foreignKeyName: 'clients_account_manager_id_fkey'; columns: ['account_manager_id']; isOneToOne: false; referencedRelation: 'profiles'; referencedColumns: ['id'] },
        ];
      };
      tasks: {
        Row: {
          id: string; title: string; description: string | null; status: TaskStatus; priority: TaskPriority;
          due_date: string | null; assigned_to: string | null; created_by: string; project_id: string | null;
          created_at: string; updated_at: string;
        };
        Insert: {
          id?: string; title: string; description?: string | null; status?: TaskStatus; priority?: TaskPriority;
          due_date?: string | null; assigned_to?: string | null; created_by?: string; project_id?: string | null; updated_at?: string;
        };
        Update: {
          title?: string; description?: string | null; status?: TaskStatus; priority?: TaskPriority;
          due_date?: string | null; assigned_to?: string | null; project_id?: string | null; updated_at?: string;
        };
        Relationships: [
          { foreignKeyName: 'tasks_created_by_fkey'; columns: ['created_by']; isOneToOne: false; referencedRelation: 'profiles'; referencedColumns: ['id'] },
          { foreignKeyName: 'tasks_assigned_to_fkey'; columns: ['assigned_to']; isOneToOne: false; referencedRelation: 'profiles'; referencedColumns: ['id'] },
          { foreignKeyName: 'tasks_project_id_fkey'; columns: ['project_id']; isOneToOne: false; referencedRelation: 'projects'; referencedColumns: ['id'] },
        ];
      };
    };
    Views: {
      users_view_for_assignment: {
        Row: { id: string; full_name: string | null; email: string | null };
        Relationships: [];
      };
    };
    Functions: {
      /** Counts of the caller's projects: one row per status in pending, in-progress, completed order, zeros included. */
      project_status_counts: { Args: Record<string, never>; Returns: { status: ProjectStatus; count: number }[] };
      /** Counts of the caller's own CRM clients (owner_user_id = caller): one row per status in lead…lost order, zeros included. */
      client_status_counts: { Args: Record<string, never>; Returns: { status: ClientStatus; count: number }[] };
      /**
       * Contains-search (trigram index) over the caller's project titles, optional status; one page newest first.
       * Ask page size + 1 rows (page_limit) to know whether there is a next page. A blank term lists without searching.
       */
      search_projects: {
        Args: { search_term: string; status_filter?: ProjectStatus; page_offset?: number; page_limit?: number };
        Returns: Database['public']['Tables']['projects']['Row'][];
        SetofOptions: { from: '*'; to: 'projects'; isOneToOne: false; isSetofReturn: true };
      };
      /** Contains-search over the caller's own CRM clients (name, e-mail, company), optional status; one page newest first. */
      search_clients: {
        Args: { search_term: string; status_filter?: ClientStatus; page_offset?: number; page_limit?: number };
        Returns: Database['public']['Tables']['clients']['Row'][];
        SetofOptions: { from: '*'; to: 'clients'; isOneToOne: false; isSetofReturn: true };
      };
      /**
       * Contains-search over the titles of the caller's tasks: scope all (created by or assigned to the caller),
       * assigned or created; optional status and priority; one page newest first.
       */
      search_tasks: {
        Args: {
          search_term: string; task_scope?: 'all' | 'assigned' | 'created'; status_filter?: TaskStatus;
          priority_filter?: TaskPriority; page_offset?: number; page_limit?: number;
        };
        Returns: Database['public']['Tables']['tasks']['Row'][];
        SetofOptions: { from: '*'; to: 'tasks'; isOneToOne: false; isSetofReturn: true };
      };
    };
    Enums: {
      project_status: ProjectStatus; ticket_status: TicketStatus; client_status: ClientStatus;
      client_source: ClientSource; task_status: TaskStatus; task_priority: TaskPriority;
    };
    CompositeTypes: Record<string, never>;
  };
};

type PublicSchema = Database['public'];
export type Tables<T extends keyof PublicSchema['Tables']> = PublicSchema['Tables'][T]['Row'];
export type TablesInsert<T extends keyof PublicSchema['Tables']> = PublicSchema['Tables'][T]['Insert'];
export type TablesUpdate<T extends keyof PublicSchema['Tables']> = PublicSchema['Tables'][T]['Update'];
export type Views<T extends keyof PublicSchema['Views']> = PublicSchema['Views'][T]['Row'];
