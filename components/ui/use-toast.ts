'use client';

import { useSyncExternalStore } from 'react';

/** One toast visible at a time; a dismissed toast leaves the DOM after this delay. */
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;

export interface ToastItem {
  id: number;
  title: string;
  description?: string;
  variant: 'default' | 'destructive';
  open: boolean;
}

let toasts: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function publish(next: ToastItem[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

export function dismissToast(id: number): void {
  publish(toasts.map((item) => (item.id === id ? { ...item, open: false } : item)));
  setTimeout(() => publish(toasts.filter((item) => item.id !== id)), TOAST_REMOVE_DELAY);
}

export function toast(
  input: Omit<ToastItem, 'id' | 'open' | 'variant'> & Partial<Pick<ToastItem, 'variant'>>,
): number {
  const id = nextId++;
  const item: ToastItem = { ...input, variant: input.variant ?? 'default', id, open: true };
  publish([item, ...toasts].slice(0, TOAST_LIMIT));
  return id;
}

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => toasts,
    () => toasts,
  );
}
