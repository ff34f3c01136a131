import { Typography } from '@mantine/core';
import { useMemo, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { fileSrc } from '../../data/files-client';
import { useSession } from '../stores';
import { renderMarkdown } from './render';

/**
 * A help article's Markdown, rendered and sanitised (render.ts). A click on an in-app link (`data-internal`)
 * navigates inside the app, keeping the shell, tabs and session; any other link opens in a new tab (the renderer gave
 * it `target="_blank" rel="noopener noreferrer"`). Images load from the stored server address.
 */
export function MarkdownView({ source, testId }: { source: string; testId?: string }) {
  const navigate = useNavigate();
  const baseURL = useSession(s => s.baseURL);
  const html = useMemo(
    () => renderMarkdown(source, { origin: window.location.origin, imageSrc: p => fileSrc(p, baseURL) }),
    [source, baseURL]);
  const click = (e: MouseEvent<HTMLDivElement>) => {
    const a = (e.target as Element).closest?.('a[data-internal]');
    if (!a || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    void navigate(a.getAttribute('href')!);
  };
  return (
    <Typography>
      {/* The HTML is markdown-it's with raw HTML off, then DOMPurify's allow-list (render.ts). */}
      <div onClick={click} data-testid={testId} dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
