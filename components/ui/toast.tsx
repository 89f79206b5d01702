'use client';

import * as ToastPrimitive from '@radix-ui/react-toast';
import type { ComponentProps } from 'react';

/** Radix toast primitives with the site's look; the destructive variant announces errors. */
export const ToastProvider = ToastPrimitive.Provider;

export function ToastViewport(props: ComponentProps<typeof ToastPrimitive.Viewport>) {
  return (
    <ToastPrimitive.Viewport
      className="fixed right-0 bottom-0 z-[200] m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none"
      {...props}
    />
  );
}

const variants = {
  default: 'border-line bg-white text-ink',
  destructive: 'border-red-800 bg-red-700 text-white',
} as const;

export function Toast({
  variant = 'default',
  className = '',
  ...props
}: ComponentProps<typeof ToastPrimitive.Root> & { variant?: keyof typeof variants }) {
  return (
    <ToastPrimitive.Root
      type={variant === 'destructive' ? 'foreground' : 'background'}
      data-variant={variant}
      className={`relative flex items-start gap-3 rounded-md border p-4 pr-10 shadow-lg data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] ${variants[variant]} ${className}`}
      {...props}
    />
  );
}

export function ToastTitle(props: ComponentProps<typeof ToastPrimitive.Title>) {
  return <ToastPrimitive.Title className="font-semibold" {...props} />;
}

export function ToastDescription(props: ComponentProps<typeof ToastPrimitive.Description>) {
  return <ToastPrimitive.Description className="text-sm" {...props} />;
}

export function ToastClose({
  label,
  ...props
}: ComponentProps<typeof ToastPrimitive.Close> & { label: string }) {
  return (
    <ToastPrimitive.Close
      aria-label={label}
      className="absolute top-2 right-2 inline-flex h-8 w-8 items-center justify-center rounded text-lg leading-none opacity-80 hover:opacity-100"
      {...props}
    >
      <span aria-hidden="true">×</span>
    </ToastPrimitive.Close>
  );
}
