// The landing page's demo chatbot: a bot greeting, then each user
// message gets a typing indicator and, after 1500 ms, one of four canned replies. No network at all.

export type ChatSender = 'bot' | 'user';

export interface ChatMessage {
  id: number;
  text: string;
  sender: ChatSender;
}

export interface ChatState {
  messages: readonly ChatMessage[];
  typing: boolean;
}

export const BOT_REPLY_DELAY_MS = 1500;

export const BOT_GREETING = 'Olá! Sou o assistente virtual da Portal IA. Como posso ajudar o seu negócio hoje?';

export const BOT_REPLIES: readonly string[] = [
  'Ótima pergunta! Nossos agentes de IA podem automatizar essa tarefa e liberar sua equipe para o que realmente importa.',
  'Entendi. Que tal uma conversa com nossos especialistas? Clique em "Começar Agora" e criamos um plano para você.',
  'Nossos pacotes mensais começam em R$ 499/mês e já incluem suporte da nossa equipe.',
  'Isso é possível com inteligência artificial! Podemos desenhar uma solução sob medida para a sua empresa.',
];

export interface DemoChatOptions {
  /** Called after every change (new message, typing on or off). */
  onChange: (state: ChatState) => void;
  /** Returns a number in [0, 1); picks the canned reply. */
  random?: () => number;
  delayMs?: number;
}

export interface DemoChat {
  /** Adds the user's message and schedules a reply; blank or whitespace-only text is ignored (returns false). */
  send: (text: string) => boolean;
  state: () => ChatState;
  /** Cancels pending replies. */
  destroy: () => void;
}

/** Picks one of the four canned replies from a number in [0, 1). */
export function pickReply(r: number): string {
  const i = Math.min(BOT_REPLIES.length - 1, Math.max(0, Math.floor(r * BOT_REPLIES.length)));
  return BOT_REPLIES[i]!;
}

export function createDemoChat({ onChange, random = Math.random, delayMs = BOT_REPLY_DELAY_MS }: DemoChatOptions): DemoChat {
  let nextId = 1;
  let messages: ChatMessage[] = [{ id: nextId++, text: BOT_GREETING, sender: 'bot' }];
  let pending = 0;
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const state = (): ChatState => ({ messages, typing: pending > 0 });
  const emit = () => onChange(state());

  return {
    send(text: string): boolean {
      const trimmed = text.trim();
      if (!trimmed) return false;
      messages = [...messages, { id: nextId++, text: trimmed, sender: 'user' }];
      pending += 1;
      emit();
      const timer = setTimeout(() => {
        timers.delete(timer);
        pending -= 1;
        messages = [...messages, { id: nextId++, text: pickReply(random()), sender: 'bot' }];
        emit();
      }, delayMs);
      timers.add(timer);
      return true;
    },
    state,
    destroy() {
      for (const t of timers) clearTimeout(t);
      timers.clear();
      pending = 0;
    },
  };
}
