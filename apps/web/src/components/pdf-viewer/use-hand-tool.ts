import { useEffect, type RefObject } from 'react';

/**
 * The hand tool: dragging the pages scrolls them (as pdf.js's GrabToPan). Links and form fields
 * still take their clicks; the keyboard scrolls as always.
 */
export function useHandTool(containerRef: RefObject<HTMLDivElement | null>, enabled: boolean) {
  useEffect(() => {
    const container = containerRef.current;
    if (!container || !enabled) return;
    let start: { x: number; y: number; left: number; top: number } | null = null;

    const onDown = (event: MouseEvent) => {
      if (event.button !== 0) return;
      const target = event.target as Element | null;
      if (target?.closest('a[href], input, textarea, select, button, .annotationLayer section')) return;
      start = { x: event.clientX, y: event.clientY, left: container.scrollLeft, top: container.scrollTop };
      container.dataset.grabbing = 'true';
      event.preventDefault();
      window.addEventListener('mousemove', onMove, true);
      window.addEventListener('mouseup', onUp, true);
    };
    const onMove = (event: MouseEvent) => {
      if (!start) return;
      if (!(event.buttons & 1)) return onUp();
      container.scrollLeft = start.left - (event.clientX - start.x);
      container.scrollTop = start.top - (event.clientY - start.y);
      event.preventDefault();
    };
    const onUp = () => {
      start = null;
      delete container.dataset.grabbing;
      window.removeEventListener('mousemove', onMove, true);
      window.removeEventListener('mouseup', onUp, true);
    };
    container.addEventListener('mousedown', onDown);
    return () => {
      container.removeEventListener('mousedown', onDown);
      onUp();
    };
  }, [containerRef, enabled]);
}
