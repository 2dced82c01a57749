-- Demo data for local development only (local-supabase and `supabase db reset`); never run on a hosted project.
-- Two confirmed accounts:
--   admin   admin@exemplo.com.br   / admin123    (app_metadata.role = admin)
--   client  cliente@exemplo.com.br / cliente123
-- Password hashes are bcrypt, cost 10 (computed once with bcryptjs: PGlite has no pgcrypto).

insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, confirmation_sent_at,
  raw_app_meta_data, raw_user_meta_data, is_super_admin, created_at, updated_at,
  confirmation_token, recovery_token, email_change_token_new, email_change, email_change_token_current,
  phone_change, phone_change_token, reauthentication_token
) values
  (
    '00000000-0000-0000-0000-000000000000', 'eacf86b3-8a49-4929-acc6-7005d01c5ab2', 'authenticated', 'authenticated',
    'admin@exemplo.com.br', '$2a$10$vq72zHTh.icXgwEJGGVpDOASR.hKnzCCQ.r/ndnyrCp1Row/wTvPa',
    now() - interval '90 days', now() - interval '90 days',
    '{"provider":"email","providers":["email"],"role":"admin"}',
    '{"full_name":"Super Administrador"}',
    false, now() - interval '90 days', now() - interval '90 days',
    '', '', '', '', '', '', '', ''
  ),
  (
    '00000000-0000-0000-0000-000000000000', 'c1f42833-af41-4ef8-bdf9-35dbf7c0277d', 'authenticated', 'authenticated',
    'cliente@exemplo.com.br', '$2a$10$6GAFXBo.1P8q2k1Fg5yOT.LYX70SmyJqiY7PNsE7C4snKgm35ovCe',
    now() - interval '60 days', now() - interval '60 days',
    '{"provider":"email","providers":["email"]}',
    '{"full_name":"Cliente Demonstração","role":"user"}',
    false, now() - interval '60 days', now() - interval '60 days',
    '', '', '', '', '', '', '', ''
  );

insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at) values
  (
    'eacf86b3-8a49-4929-acc6-7005d01c5ab2', 'eacf86b3-8a49-4929-acc6-7005d01c5ab2',
    '{"sub":"eacf86b3-8a49-4929-acc6-7005d01c5ab2","email":"admin@exemplo.com.br","email_verified":true,"phone_verified":false}',
    'email', now() - interval '90 days', now() - interval '90 days', now() - interval '90 days'
  ),
  (
    'c1f42833-af41-4ef8-bdf9-35dbf7c0277d', 'c1f42833-af41-4ef8-bdf9-35dbf7c0277d',
    '{"sub":"c1f42833-af41-4ef8-bdf9-35dbf7c0277d","email":"cliente@exemplo.com.br","email_verified":true,"phone_verified":false}',
    'email', now() - interval '60 days', now() - interval '60 days', now() - interval '60 days'
  );

-- The profiles rows were created by the trigger on auth.users.

-- Projects of the demo client: every status, one not estimated yet (progress null); two come from a plan (the database
-- fills monthly_price: 999 and 499).
insert into public.projects (id, user_id, title, description, status, progress, plan, created_at, updated_at) values
  ('fe76f284-225e-4551-bfd7-aebe3f6d6ff5', 'c1f42833-af41-4ef8-bdf9-35dbf7c0277d',
   'Chatbot de Atendimento no WhatsApp',
   'Assistente virtual que responde dúvidas frequentes, consulta pedidos e transfere para um atendente humano quando necessário.',
   'in-progress', 65, 'advanced', now() - interval '45 days', now() - interval '2 days'),
  ('56227ed1-c763-46b6-92f6-eab1c006e563', 'c1f42833-af41-4ef8-bdf9-35dbf7c0277d',
   'Previsão de Demanda para o Estoque',
   'Modelo de previsão semanal de vendas por loja e categoria para reduzir rupturas e excesso de estoque.',
   'in-progress', 30, null, now() - interval '30 days', now() - interval '5 days'),
  ('611e270b-e6dd-4329-b0a9-d1ea84b22ebf', 'c1f42833-af41-4ef8-bdf9-35dbf7c0277d',
   'Análise de Sentimento das Avaliações',
   'Classificação automática das avaliações dos clientes no site e nas redes sociais, com painel de tendências.',
   'pending', null, 'essential', now() - interval '10 days', now() - interval '10 days'),
  ('5fe9a304-cdc8-4ab7-8bf3-a3d424e9d9dc', 'c1f42833-af41-4ef8-bdf9-35dbf7c0277d',
   'Triagem Inteligente de E-mails',
   'Roteamento dos e-mails do SAC para a equipe certa com base no assunto e na urgência.',
   'pending', 0, null, now() - interval '3 days', now() - interval '3 days'),
  (gen_random_uuid(), 'c1f42833-af41-4ef8-bdf9-35dbf7c0277d',
   'Automação de Relatórios Financeiros',
   'Geração mensal do DRE e do fluxo de caixa a partir do ERP, com envio automático para a diretoria.',
   'completed', 100, null, now() - interval '58 days', now() - interval '20 days'),
  (gen_random_uuid(), 'eacf86b3-8a49-4929-acc6-7005d01c5ab2',
   'Portal Interno da Agência',
   'Melhorias no portal do cliente e nos painéis internos da equipe.',
   'in-progress', 50, null, now() - interval '80 days', now() - interval '1 day');

-- The chatbot's timeline: updates from the team and one from the client.
insert into public.project_updates (project_id, author_id, content, created_at) values
  ('fe76f284-225e-4551-bfd7-aebe3f6d6ff5', 'eacf86b3-8a49-4929-acc6-7005d01c5ab2',
   'Projeto iniciado: levantamento das 200 perguntas mais frequentes do SAC concluído.', now() - interval '40 days'),
  ('fe76f284-225e-4551-bfd7-aebe3f6d6ff5', 'c1f42833-af41-4ef8-bdf9-35dbf7c0277d',
   'Aprovamos o roteiro de boas-vindas. Podem seguir com a integração ao WhatsApp.', now() - interval '14 days'),
  ('fe76f284-225e-4551-bfd7-aebe3f6d6ff5', 'eacf86b3-8a49-4929-acc6-7005d01c5ab2',
   'Integração ao WhatsApp em homologação; 30 cenários de teste enviados para validação.', now() - interval '2 days');

-- Support tickets of the demo client: every status. Conversations: the resolved one answered by the team (with an
-- internal note), the one in progress answered and then followed up by the client (so it waits for the agency again),
-- the open one not answered yet. response_content, the waiting state and updated_at follow from the messages.
insert into public.support_tickets (id, user_id, subject, message_content, status, created_at, updated_at) values
  ('0b6c3d0e-5b1f-4c53-9a3e-7d2a9f6b1c01', 'c1f42833-af41-4ef8-bdf9-35dbf7c0277d', 'Acesso ao relatório mensal',
   'Não estou conseguindo baixar o relatório de outubro em PDF. O botão fica carregando e nada acontece.',
   'resolved', now() - interval '25 days', now() - interval '23 days'),
  ('0b6c3d0e-5b1f-4c53-9a3e-7d2a9f6b1c02', 'c1f42833-af41-4ef8-bdf9-35dbf7c0277d', 'Novas perguntas para o chatbot',
   'Gostaríamos de incluir respostas sobre prazos de entrega para o Nordeste. Podemos enviar a planilha por aqui?',
   'in_progress', now() - interval '6 days', now() - interval '4 days'),
  ('0b6c3d0e-5b1f-4c53-9a3e-7d2a9f6b1c03', 'c1f42833-af41-4ef8-bdf9-35dbf7c0277d', 'Dúvida sobre a fatura',
   'A fatura deste mês veio com um valor diferente do contratado. Podem verificar, por favor?',
   'open', now() - interval '1 day', now() - interval '1 day');

insert into public.ticket_messages (ticket_id, author_id, body, internal, created_at) values
  ('0b6c3d0e-5b1f-4c53-9a3e-7d2a9f6b1c01', 'eacf86b3-8a49-4929-acc6-7005d01c5ab2',
   'Falha no gerador de PDF desde o deploy de sexta; corrigido na versão 2.4.1.', true, now() - interval '23 days 2 hours'),
  ('0b6c3d0e-5b1f-4c53-9a3e-7d2a9f6b1c01', 'eacf86b3-8a49-4929-acc6-7005d01c5ab2',
   'Olá! Corrigimos uma falha na geração do PDF. O relatório de outubro já está disponível para download. Obrigado pelo aviso!',
   false, now() - interval '23 days'),
  ('0b6c3d0e-5b1f-4c53-9a3e-7d2a9f6b1c02', 'eacf86b3-8a49-4929-acc6-7005d01c5ab2',
   'Pode sim! Envie a planilha por aqui mesmo, com uma pergunta por linha e a resposta esperada ao lado.',
   false, now() - interval '5 days'),
  ('0b6c3d0e-5b1f-4c53-9a3e-7d2a9f6b1c02', 'eacf86b3-8a49-4929-acc6-7005d01c5ab2',
   'Combinar com o time de NLP antes de prometer prazo de publicação.', true, now() - interval '5 days'),
  ('0b6c3d0e-5b1f-4c53-9a3e-7d2a9f6b1c02', 'c1f42833-af41-4ef8-bdf9-35dbf7c0277d',
   'Segue o link da planilha: https://exemplo.com.br/planilhas/prazos-nordeste.xlsx — são 48 perguntas.',
   false, now() - interval '4 days');

-- CRM clients of the demo client: every status and every source (one without source).
insert into public.clients (full_name, email, phone, company_name, status, source, admin_notes, owner_user_id, account_manager_id, created_at, updated_at) values
  ('Mariana Albuquerque', 'mariana.albuquerque@verticeengenharia.com.br', '(11) 98765-4321', 'Vértice Engenharia',
   'lead', 'website', null, 'c1f42833-af41-4ef8-bdf9-35dbf7c0277d', null, now() - interval '2 days', now() - interval '2 days'),
  ('Ricardo Nogueira', 'ricardo@padariaboasorte.com.br', '(21) 99654-1203', 'Padaria Boa Sorte',
   'prospect', 'referral', 'Indicado pela Mariana; quer previsão de produção diária.', 'c1f42833-af41-4ef8-bdf9-35dbf7c0277d', null, now() - interval '8 days', now() - interval '6 days'),
  ('Fernanda Lima', 'fernanda.lima@clinicasorrir.com.br', '(31) 3222-4455', 'Clínica Sorrir',
   'active', 'social_media', null, 'c1f42833-af41-4ef8-bdf9-35dbf7c0277d', 'eacf86b3-8a49-4929-acc6-7005d01c5ab2', now() - interval '20 days', now() - interval '3 days'),
  ('Thiago Martins', 'thiago.martins@logfacil.com.br', '(41) 98811-2030', 'LogFácil Transportes',
   'on_hold', 'event', 'Conhecemos na feira de varejo; retomar contato em janeiro.', 'c1f42833-af41-4ef8-bdf9-35dbf7c0277d', null, now() - interval '35 days', now() - interval '15 days'),
  ('Juliana Castro', 'juliana@modacastro.com.br', '(51) 99120-7788', 'Moda Castro',
   'completed', 'outbound', null, 'c1f42833-af41-4ef8-bdf9-35dbf7c0277d', null, now() - interval '50 days', now() - interval '12 days'),
  ('Paulo Henrique Souza', 'paulo.souza@agrovale.com.br', '(62) 3344-9090', 'AgroVale Cooperativa',
   'lost', 'other', 'Optou por uma solução interna.', 'c1f42833-af41-4ef8-bdf9-35dbf7c0277d', null, now() - interval '40 days', now() - interval '30 days'),
  ('Camila Ribeiro', 'camila.ribeiro@gmail.com', '(85) 98700-1122', null,
   'lead', null, null, 'c1f42833-af41-4ef8-bdf9-35dbf7c0277d', null, now() - interval '1 day', now() - interval '1 day'),
  ('Eduardo Tavares', 'eduardo@tavaresadvocacia.adv.br', '(11) 3030-4040', 'Tavares Advocacia',
   'active', 'referral', null, 'c1f42833-af41-4ef8-bdf9-35dbf7c0277d', null, now() - interval '15 days', now() - interval '9 days');

-- The agency's own leads (no owner) and accounts managed by the admin, for the admin list.
insert into public.clients (full_name, email, phone, company_name, status, source, admin_notes, owner_user_id, account_manager_id, created_at, updated_at) values
  ('Beatriz Moreira', 'beatriz.moreira@supermercadosbomdia.com.br', '(19) 99876-5544', 'Supermercados Bom Dia',
   'prospect', 'event', 'Interesse em previsão de demanda para 12 lojas.', null, 'eacf86b3-8a49-4929-acc6-7005d01c5ab2', now() - interval '4 days', now() - interval '4 days'),
  ('Gustavo Pereira', 'gustavo@fintechaurora.com.br', '(11) 97777-3131', 'Aurora Fintech',
   'lead', 'website', null, null, null, now() - interval '12 hours', now() - interval '12 hours'),
  ('Larissa Fonseca', 'larissa.fonseca@hotelmaresia.com.br', '(71) 3555-6060', 'Hotel Maresia',
   'active', 'outbound', 'Contrato anual; reunião de acompanhamento toda primeira segunda-feira do mês.', 'eacf86b3-8a49-4929-acc6-7005d01c5ab2', 'eacf86b3-8a49-4929-acc6-7005d01c5ab2', now() - interval '70 days', now() - interval '7 days');

-- Tasks: created by the client (personal and for the team), assigned to the client by the admin, and both.
insert into public.tasks (title, description, status, priority, due_date, assigned_to, created_by, project_id, created_at, updated_at) values
  ('Revisar proposta comercial da Vértice Engenharia', 'Conferir escopo e valores antes de enviar.',
   'Pendente', 'Alta', current_date + 3, null, 'c1f42833-af41-4ef8-bdf9-35dbf7c0277d', null,
   now() - interval '2 days', now() - interval '2 days'),
  ('Enviar base de perguntas frequentes do SAC', 'Planilha com as 200 perguntas mais comuns dos últimos 6 meses.',
   'Em Andamento', 'Urgente', current_date + 1, 'eacf86b3-8a49-4929-acc6-7005d01c5ab2', 'c1f42833-af41-4ef8-bdf9-35dbf7c0277d', 'fe76f284-225e-4551-bfd7-aebe3f6d6ff5',
   now() - interval '6 days', now() - interval '1 day'),
  ('Aprovar o roteiro de boas-vindas do chatbot', null,
   'Concluída', 'Média', current_date - 5, 'c1f42833-af41-4ef8-bdf9-35dbf7c0277d', 'c1f42833-af41-4ef8-bdf9-35dbf7c0277d', 'fe76f284-225e-4551-bfd7-aebe3f6d6ff5',
   now() - interval '14 days', now() - interval '5 days'),
  ('Validar as respostas do chatbot em homologação', 'Testar os 30 cenários da planilha e anotar o que precisar de ajuste.',
   'Pendente', 'Alta', current_date + 7, 'c1f42833-af41-4ef8-bdf9-35dbf7c0277d', 'eacf86b3-8a49-4929-acc6-7005d01c5ab2', null,
   now() - interval '1 day', now() - interval '1 day'),
  ('Liberar acesso ao histórico de vendas', 'Aguardando a TI do cliente criar o usuário de leitura no banco.',
   'Bloqueada', 'Baixa', null, null, 'c1f42833-af41-4ef8-bdf9-35dbf7c0277d', '56227ed1-c763-46b6-92f6-eab1c006e563',
   now() - interval '9 days', now() - interval '8 days');

-- The demo accounts are returning users: their dashboard greets them with 'Bem-vindo(a) de volta'.
update public.profiles set first_dashboard_visit_at = now() - interval '30 days' where first_dashboard_visit_at is null;
