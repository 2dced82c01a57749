// A confirmation dialog on Radix (role alertdialog; Cancel gets focus first).
import * as AlertPrimitive from '@radix-ui/react-alert-dialog';
import type { ComponentPropsWithoutRef, HTMLAttributes } from 'react';
import { buttonClasses } from './Button';
import { cn } from './cn';

export const AlertDialog = AlertPrimitive.Root;
export const AlertDialogTrigger = AlertPrimitive.Trigger;

export function AlertDialogContent({ className, ...props }: ComponentPropsWithoutRef<typeof AlertPrimitive.Content>) {
  return (
    <AlertPrimitive.Portal>
      <AlertPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50" />
      <AlertPrimitive.Content
        className={cn(
          'fixed left-1/2 top-1/2 z-50 grid w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2',
          'gap-4 rounded-lg border border-slate-200 bg-white p-6 shadow-lg focus:outline-none',
          className,
        )}
        {...props}
      />
    </AlertPrimitive.Portal>
  );
}

export function AlertDialogHeader({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('flex flex-col gap-2', className)} {...props} />;
}

export function AlertDialogFooter({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />;
}

export function AlertDialogTitle({ className, ...props }: ComponentPropsWithoutRef<typeof AlertPrimitive.Title>) {
  return <AlertPrimitive.Title className={cn('text-lg font-semibold text-slate-900', className)} {...props} />;
}

export function AlertDialogDescription({ className, ...props }: ComponentPropsWithoutRef<typeof AlertPrimitive.Description>) {
  return <AlertPrimitive.Description className={cn('text-sm text-slate-500', className)} {...props} />;
}

export function AlertDialogCancel({ className, ...props }: ComponentPropsWithoutRef<typeof AlertPrimitive.Cancel>) {
  return <AlertPrimitive.Cancel className={buttonClasses('outline', 'default', className)} {...props} />;
}

/** The confirming button; red by default since it usually deletes something. */
export function AlertDialogAction({
  className,
  variant = 'destructive',
  ...props
}: ComponentPropsWithoutRef<typeof AlertPrimitive.Action> & { variant?: 'default' | 'destructive' }) {
  return <AlertPrimitive.Action className={buttonClasses(variant, 'default', className)} {...props} />;
}
