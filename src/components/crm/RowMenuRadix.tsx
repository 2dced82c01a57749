// The real row menu on Radix DropdownMenu (keyboard navigation, typeahead, focus return). Loaded lazily by RowMenu.
import { useEffect, useRef, useState } from 'react';
import MoreHorizontal from 'lucide-react/icons/ellipsis';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '../ui/DropdownMenu';
import { rowMenuTriggerClass, takeHandOver, type RowMenuProps } from './row-menu-shared';

export default function RowMenuRadix({ label, id, disabled, items }: RowMenuProps) {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);

  // Opens the menu as the arrow key does, so that Radix focuses its first item, as it does when a key opens it.
  const openFromKeyboard = () => trigger.current?.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));

  useEffect(() => {
    const handOver = takeHandOver(id);
    if (!handOver) return;
    if (handOver.focused || handOver.open) trigger.current?.focus();
    if (handOver.open && handOver.keyboard) openFromKeyboard();
    else if (handOver.open) setOpen(true);
  }, [id]);

  return (
    <DropdownMenu modal={false} open={open} onOpenChange={setOpen}>
      <DropdownMenuTrigger
        ref={trigger}
        // Radix opens on a pointer press or a key; a click with no pointer (one held before the screen was ready and
        // handed on to this button) opens it too.
        onClick={(e) => e.detail === 0 && !open && openFromKeyboard()}
        id={id} className={rowMenuTriggerClass} aria-label={label} disabled={disabled}>
        <MoreHorizontal className="h-4 w-4" aria-hidden="true" />
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        {items.map((item) =>
          item.href ? (
            <DropdownMenuItem key={item.label} asChild destructive={item.destructive}>
              <a href={item.href}>
                {item.icon}
                {item.label}
              </a>
            </DropdownMenuItem>
          ) : (
            <DropdownMenuItem key={item.label} destructive={item.destructive} onSelect={item.onSelect}>
              {item.icon}
              {item.label}
            </DropdownMenuItem>
          ),
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
