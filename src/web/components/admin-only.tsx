import { useNavigate } from '@tanstack/react-router';
import { type ReactNode, useEffect } from 'react';
import { notifyError } from '../lib/notify';
import { useAuth } from '../lib/use-auth';
import { DeniedNotice } from './status-screens';

interface Props {
  children: ReactNode;
  /** The toast's text (spec 8.2). */
  toast: string;
  /** The notice on the page. */
  title: string;
  message: string;
  delayMs: number;
}

/** Admin-only screens: others see a notice and a toast, then go to / after the delay. */
export function AdminOnly({ children, toast, title, message, delayMs }: Props) {
  const auth = useAuth();
  const navigate = useNavigate();
  const denied = auth.status === 'authenticated' && auth.user.role !== 'admin';
  useEffect(() => {
    if (!denied) return;
    notifyError('Access Denied', toast);
    const timer = setTimeout(() => void navigate({ to: '/' }), delayMs);
    return () => clearTimeout(timer);
  }, [denied, toast, delayMs, navigate]);
  if (auth.status !== 'authenticated') return null;
  if (denied) return <DeniedNotice title={title} message={message} />;
  return <>{children}</>;
}
