import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BOT_GREETING, BOT_REPLIES, BOT_REPLY_DELAY_MS, createDemoChat, pickReply, type ChatState } from '../../src/lib/public/landing-chat';

describe('chatbot de demonstração da landing', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('começa com a saudação do bot', () => {
    const chat = createDemoChat({ onChange: () => {} });
    expect(chat.state().messages).toEqual([{ id: 1, text: BOT_GREETING, sender: 'bot' }]);
    expect(chat.state().typing).toBe(false);
  });

  it('mostra a mensagem do usuário, o indicador de digitação e uma resposta após 1500 ms', () => {
    const states: ChatState[] = [];
    const chat = createDemoChat({ onChange: (s) => states.push(s), random: () => 0.6 });
    expect(chat.send('  Quanto custa?  ')).toBe(true);
    expect(chat.state().messages.at(-1)).toMatchObject({ text: 'Quanto custa?', sender: 'user' });
    expect(chat.state().typing).toBe(true);

    vi.advanceTimersByTime(BOT_REPLY_DELAY_MS - 1);
    expect(chat.state().messages).toHaveLength(2);
    expect(chat.state().typing).toBe(true);

    vi.advanceTimersByTime(1);
    expect(chat.state().typing).toBe(false);
    expect(chat.state().messages.at(-1)).toMatchObject({ text: BOT_REPLIES[2], sender: 'bot' });
    expect(states.map((s) => s.typing)).toEqual([true, false]);
  });

  it('ignora mensagens vazias ou só com espaços', () => {
    const onChange = vi.fn();
    const chat = createDemoChat({ onChange });
    expect(chat.send('')).toBe(false);
    expect(chat.send('   \n\t ')).toBe(false);
    vi.runAllTimers();
    expect(onChange).not.toHaveBeenCalled();
    expect(chat.state().messages).toHaveLength(1);
  });

  it('responde a cada mensagem, mantendo a digitação até a última resposta', () => {
    const chat = createDemoChat({ onChange: () => {}, random: () => 0 });
    chat.send('um');
    vi.advanceTimersByTime(500);
    chat.send('dois');
    vi.advanceTimersByTime(1000);
    expect(chat.state().typing).toBe(true);
    expect(chat.state().messages.map((m) => m.sender)).toEqual(['bot', 'user', 'user', 'bot']);
    vi.advanceTimersByTime(500);
    expect(chat.state().typing).toBe(false);
    expect(chat.state().messages.map((m) => m.sender)).toEqual(['bot', 'user', 'user', 'bot', 'bot']);
  });

  it('escolhe uma das quatro respostas prontas para qualquer número sorteado', () => {
    expect(BOT_REPLIES).toHaveLength(4);
    expect(pickReply(0)).toBe(BOT_REPLIES[0]);
    expect(pickReply(0.26)).toBe(BOT_REPLIES[1]);
    expect(pickReply(0.999999)).toBe(BOT_REPLIES[3]);
    expect(pickReply(1)).toBe(BOT_REPLIES[3]);
    expect(pickReply(-0.5)).toBe(BOT_REPLIES[0]);
  });

  it('destroy cancela respostas pendentes', () => {
    const onChange = vi.fn();
    const chat = createDemoChat({ onChange });
    chat.send('olá');
    chat.destroy();
    vi.runAllTimers();
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(chat.state().typing).toBe(false);
  });
});
