import { useState, type DragEvent } from 'react';

function carriesFiles(event: DragEvent): boolean {
  return Array.from(event.dataTransfer?.types ?? []).includes('Files');
}

/**
 * Files dragged onto an area: whether they hover over it now (for a drop hint), and the handlers
 * that take them. A disabled area leaves the browser's own handling alone.
 */
export function useFileDrop(enabled: boolean, onFiles: (files: File[]) => void) {
  const [dragging, setDragging] = useState(false);
  const handlers = {
    onDragOver: (event: DragEvent) => {
      if (!enabled || !carriesFiles(event)) return;
      event.preventDefault();
      setDragging(true);
    },
    // Leaving for a child of the area is no leaving.
    onDragLeave: (event: DragEvent) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
    },
    onDrop: (event: DragEvent) => {
      setDragging(false);
      if (!enabled) return;
      event.preventDefault();
      onFiles(Array.from(event.dataTransfer.files));
    },
  };
  return { dragging: enabled && dragging, handlers };
}
