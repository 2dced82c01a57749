// Wires the prerendered demo chat markup (DemoChat.astro) to the chat state machine of landing-chat.ts.
import { createDemoChat, type ChatMessage } from './landing-chat';

export function initDemoChat(doc: Document = document): void {
  const form = doc.getElementById('demo-chat-form') as HTMLFormElement | null;
  const input = doc.getElementById('demo-chat-input') as HTMLInputElement | null;
  const log = doc.getElementById('demo-chat-log');
  const typing = doc.getElementById('demo-chat-typing');
  const scroller = doc.getElementById('demo-chat-scroll');
  if (!form || !input || !log || !typing || !scroller) return;

  const classes = { bot: form.dataset.bubbleBot ?? '', user: form.dataset.bubbleUser ?? '' };
  let rendered = log.children.length; // the greeting is already in the HTML

  const bubble = (m: ChatMessage): HTMLParagraphElement => {
    const el = doc.createElement('p');
    el.dataset.sender = m.sender;
    el.className = classes[m.sender];
    const who = doc.createElement('span');
    who.className = 'sr-only';
    who.textContent = m.sender === 'bot' ? 'Assistente: ' : 'Você: ';
    el.append(who, doc.createTextNode(m.text));
    return el;
  };

  const chat = createDemoChat({
    onChange: ({ messages, typing: isTyping }) => {
      // Only new messages are appended, so the live region announces just them.
      for (const m of messages.slice(rendered)) log.append(bubble(m));
      rendered = messages.length;
      typing.hidden = !isTyping;
      scroller.scrollTop = scroller.scrollHeight;
    },
  });

  form.addEventListener('submit', (e) => {
    e.preventDefault();
    if (chat.send(input.value)) input.value = '';
    input.focus();
  });

  input.disabled = false;
  form.querySelector<HTMLButtonElement>('button[type="submit"]')!.disabled = false;
}
