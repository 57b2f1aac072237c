import type { ComponentProps, CSSProperties, ReactElement } from 'react';
import * as ToastPrimitives from '@radix-ui/react-toast';
import { cva, type VariantProps } from 'class-variance-authority';
import { X } from 'lucide-react';
import { useHeaderBottom } from '@/lib/header-bottom';
import { cn } from '@/lib/utils';

export const ToastProvider = ToastPrimitives.Provider;

export function ToastViewport({ className, style, ...props }: ComponentProps<typeof ToastPrimitives.Viewport>) {
  const headerBottom = useHeaderBottom();
  return (
    <ToastPrimitives.Viewport
      style={{ '--header-bottom': `${headerBottom}px`, ...style } as CSSProperties}
      className={cn(
        'pointer-events-none fixed top-(--header-bottom,0px) z-[100] flex max-h-screen w-full flex-col-reverse gap-2 p-4 sm:top-auto sm:right-0 sm:bottom-0 sm:max-w-[420px] sm:flex-col',
        className,
      )}
      {...props}
    />
  );
}

const toastVariants = cva(
  'group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-lg border p-4 pr-8 shadow-lg',
  {
    variants: {
      variant: {
        default: 'border-slate-200 bg-white text-slate-900',
        destructive: 'border-red-700 bg-red-600 text-white',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

export type ToastProps = ComponentProps<typeof ToastPrimitives.Root> & VariantProps<typeof toastVariants>;

export function Toast({ className, variant, ...props }: ToastProps) {
  return <ToastPrimitives.Root className={cn(toastVariants({ variant }), className)} {...props} />;
}

export function ToastAction({ className, ...props }: ComponentProps<typeof ToastPrimitives.Action>) {
  return (
    <ToastPrimitives.Action
      className={cn(
        'inline-flex h-8 shrink-0 items-center justify-center rounded-md border border-slate-300 bg-transparent px-3 text-sm font-medium hover:bg-slate-100 group-[.bg-red-600]:border-red-200 group-[.bg-red-600]:hover:bg-red-700',
        className,
      )}
      {...props}
    />
  );
}

export function ToastClose({ className, ...props }: ComponentProps<typeof ToastPrimitives.Close>) {
  return (
    <ToastPrimitives.Close
      className={cn('absolute top-2 right-2 rounded-md p-1 opacity-70 hover:opacity-100', className)}
      toast-close=""
      {...props}
    >
      <X aria-hidden="true" className="size-4" />
      <span className="sr-only">Close</span>
    </ToastPrimitives.Close>
  );
}

export function ToastTitle({ className, ...props }: ComponentProps<typeof ToastPrimitives.Title>) {
  return <ToastPrimitives.Title className={cn('text-sm font-semibold', className)} {...props} />;
}

export function ToastDescription({ className, ...props }: ComponentProps<typeof ToastPrimitives.Description>) {
  return <ToastPrimitives.Description className={cn('text-sm opacity-90', className)} {...props} />;
}

export type ToastActionElement = ReactElement<typeof ToastAction>;
