import { closestCorners, pointerWithin, type CollisionDetection } from "@dnd-kit/core";

/** The `type` a draggable or droppable carries in its data, if any. */
function typeOf(value: { data: { current?: unknown } } | null | undefined): unknown {
  return (value?.data.current as { type?: unknown } | undefined)?.type;
}

/**
 * Collision detection for containers of items that both move (lists of tasks, columns of cards):
 * containers collide only with containers, items with items and the containers' item zones, so an item
 * dragged over a container's header is not taken for a container move. The pointer decides first,
 * preferring hits of the `preferred` types in that order (the item itself, so a drop lands at its place,
 * over the zone around it); keyboard drags have no pointer and take `fallback` (`containerFallback` for a
 * container).
 */
export function nestedCollisions(options: {
  containerType: string;
  preferred: readonly string[];
  fallback?: CollisionDetection;
  containerFallback?: CollisionDetection;
}): CollisionDetection {
  const { containerType, preferred, fallback = closestCorners, containerFallback = fallback } = options;
  return (args) => {
    const isContainer = typeOf(args.active) === containerType;
    const droppableContainers = args.droppableContainers.filter((container) => (typeOf(container) === containerType) === isContainer);
    const narrowed = { ...args, droppableContainers };
    const hits = pointerWithin(narrowed);
    if (hits.length > 0) {
      for (const type of preferred) {
        const ofType = hits.filter((hit) => typeOf(droppableContainers.find((container) => container.id === hit.id)) === type);
        if (ofType.length > 0) return ofType;
      }
      return hits;
    }
    return isContainer ? containerFallback(narrowed) : fallback(narrowed);
  };
}
