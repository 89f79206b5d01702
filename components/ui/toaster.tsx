'use client';

import {
  Toast,
  ToastClose,
  ToastDescription,
  ToastProvider,
  ToastTitle,
  ToastViewport,
} from './toast';
import { dismissToast, useToasts } from './use-toast';

/** A toast shows 5000 ms; swipe right 50 px to dismiss, F8 focuses the region, label 'Notification'. */
export const TOAST_DURATION_MS = 5000;

export function Toaster({ label, closeLabel }: { label: string; closeLabel: string }) {
  const toasts = useToasts();
  return (
    <ToastProvider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={50}
      label={label}
    >
      {toasts.map((item) => (
        <Toast
          key={item.id}
          variant={item.variant}
          open={item.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(item.id);
          }}
        >
          <div className="grid gap-1">
            <ToastTitle>{item.title}</ToastTitle>
            {item.description ? <ToastDescription>{item.description}</ToastDescription> : null}
          </div>
          <ToastClose label={closeLabel} />
        </Toast>
      ))}
      <ToastViewport hotkey={['F8']} label={`${label} ({hotkey})`} />
    </ToastProvider>
  );
}
