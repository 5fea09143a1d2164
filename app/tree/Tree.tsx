import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { Group } from '../core';
import { allNodes, ancestorGroups, badges, typeAhead, visibleNodes, type TreeNode } from './tree-model';

interface Props {
  readonly root: Group;
  readonly selected: string | null;
  readonly onSelect: (path: string) => void;
  /** Asks for the metadata of pending variables shown in the rows on screen. */
  readonly onNeed?: ((paths: string[]) => void) | undefined;
}

const ROW = 28;
const OVERSCAN = 8;
/** Rows stay on screen this long before their pending metadata is asked for (a fast scroll asks for nothing). */
const SETTLE_MS = 60;

function rowId(path: string): string {
  return `tree-${encodeURIComponent(path).replace(/%/g, '_')}`;
}

/** The dataset tree: ARIA tree, virtualised rows, keyboard navigation, type-ahead and a filter. */
export function Tree({ root, selected, onSelect, onNeed }: Props) {
  const nodes = useMemo(() => allNodes(root), [root]);
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set(['/']));
  const [filter, setFilter] = useState('');
  const [active, setActive] = useState(0);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(400);
  const viewport = useRef<HTMLDivElement>(null);
  const typed = useRef({ text: '', time: 0 });
  const rows = useMemo(() => visibleNodes(nodes, expanded, filter), [nodes, expanded, filter]);
  // A selection made elsewhere (a share link, the display) becomes the active row, its groups opened, scrolled
  // into view.
  const [shownSelection, setShownSelection] = useState(selected);
  if (shownSelection !== selected) {
    setShownSelection(selected);
    const closed = selected ? ancestorGroups(selected).filter((g) => !expanded.has(g)) : [];
    const open = closed.length ? new Set([...expanded, ...closed]) : expanded;
    if (closed.length) setExpanded(open);
    const i = (closed.length ? visibleNodes(nodes, open, filter) : rows).findIndex((r) => r.path === selected);
    if (i >= 0 && i !== active) setActive(i);
  }
  const activeIndex = Math.min(active, Math.max(0, rows.length - 1));
  const current = rows[activeIndex];

  // A dataset just opened (the control that opened it is gone, the focus with it): the keyboard starts in the tree.
  useEffect(() => {
    const el = viewport.current;
    const at = document.activeElement;
    if (el && (at === null || at === document.body)) el.focus({ preventScroll: true });
  }, []);

  useEffect(() => {
    const el = viewport.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setHeight(el.clientHeight || 400));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  useEffect(() => {
    const el = viewport.current;
    if (!el) return;
    const top = activeIndex * ROW;
    if (top < el.scrollTop) el.scrollTop = top;
    else if (top + ROW > el.scrollTop + el.clientHeight) el.scrollTop = top + ROW - el.clientHeight;
  }, [activeIndex]);

  const toggle = (path: string, open?: boolean) => {
    const next = new Set(expanded);
    if (open ?? !next.has(path)) next.add(path);
    else next.delete(path);
    setExpanded(next);
  };

  const activate = (n: TreeNode) => {
    onSelect(n.path);
    if (n.kind === 'group' && n.path !== '/' && !expanded.has(n.path)) toggle(n.path, true);
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (!current) return;
    const move = (i: number) => {
      e.preventDefault();
      setActive(Math.max(0, Math.min(rows.length - 1, i)));
    };
    const isOpen = current.kind === 'group' && (expanded.has(current.path) || filter !== '');
    switch (e.key) {
      case 'ArrowDown':
        return move(activeIndex + 1);
      case 'ArrowUp':
        return move(activeIndex - 1);
      case 'Home':
        return move(0);
      case 'End':
        return move(rows.length - 1);
      case 'PageDown':
        return move(activeIndex + Math.floor(height / ROW));
      case 'PageUp':
        return move(activeIndex - Math.floor(height / ROW));
      case 'ArrowRight':
        if (current.kind === 'group' && !isOpen) {
          e.preventDefault();
          return toggle(current.path, true);
        }
        return move(activeIndex + (isOpen && current.childCount ? 1 : 0));
      case 'ArrowLeft':
        if (isOpen && filter === '') {
          e.preventDefault();
          return toggle(current.path, false);
        }
        return move(rows.findIndex((r) => r.path === current.parent));
      case 'Enter':
      case ' ':
        e.preventDefault();
        return activate(current);
      default:
        if (e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey) {
          const now = Date.now();
          const t = typed.current;
          t.text = now - t.time > 700 ? e.key : t.text + e.key;
          t.time = now;
          const i = typeAhead(rows, t.text.length > 1 ? activeIndex - 1 : activeIndex, t.text);
          if (i >= 0) move(i);
        }
    }
  };

  const first = Math.max(0, Math.floor(scrollTop / ROW) - OVERSCAN);
  const last = Math.min(rows.length, Math.ceil((scrollTop + height) / ROW) + OVERSCAN);
  useEffect(() => {
    if (!onNeed) return;
    const paths = rows
      .slice(first, last)
      .filter((n) => n.pending)
      .map((n) => n.path);
    if (paths.length === 0) return;
    const t = setTimeout(() => onNeed(paths), SETTLE_MS);
    return () => clearTimeout(t);
  }, [rows, first, last, onNeed]);
  const sizes = useMemo(() => {
    const m = new Map<string | null, number>();
    for (const r of rows) m.set(r.parent, (m.get(r.parent) ?? 0) + 1);
    return m;
  }, [rows]);
  const positions = useMemo(() => {
    const counters = new Map<string | null, number>();
    return rows.map((r) => {
      const k = (counters.get(r.parent) ?? 0) + 1;
      counters.set(r.parent, k);
      return k;
    });
  }, [rows]);

  return (
    <div className="tree-panel">
      <input
        type="search"
        className="tree-filter"
        aria-label="Filter variables"
        placeholder="Filter by name, long name, units…"
        title="Shows variables whose name, long_name, standard_name, units or description contains the text (for variables not read yet: the name)"
        value={filter}
        onChange={(e) => {
          setFilter(e.target.value);
          setActive(0);
        }}
        data-testid="tree-filter"
      />
      <div
        ref={viewport}
        className="tree-viewport"
        role="tree"
        aria-label="Dataset contents"
        tabIndex={0}
        aria-activedescendant={current ? rowId(current.path) : undefined}
        onKeyDown={onKeyDown}
        onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
        data-testid="tree"
      >
        <div style={{ height: rows.length * ROW, position: 'relative' }}>
          {rows.slice(first, last).map((n, k) => {
            const i = first + k;
            const open = n.kind === 'group' && (expanded.has(n.path) || filter !== '');
            return (
              <div
                key={n.path}
                id={rowId(n.path)}
                role="treeitem"
                aria-level={n.depth + 1}
                aria-setsize={sizes.get(n.parent) ?? 1}
                aria-posinset={positions[i]}
                aria-selected={selected === n.path}
                aria-expanded={n.kind === 'group' ? open : undefined}
                className={`tree-row${i === activeIndex ? ' active' : ''}${selected === n.path ? ' selected' : ''}`}
                style={{ top: i * ROW, height: ROW, paddingLeft: 8 + n.depth * 16 }}
                data-testid="tree-item"
                data-path={n.path}
                data-pending={n.pending ? 'true' : undefined}
                aria-busy={n.pending ? true : undefined}
                onClick={() => {
                  setActive(i);
                  activate(n);
                }}
              >
                {n.kind === 'group' ? (
                  <span
                    className="twisty"
                    aria-hidden="true"
                    onClick={(e) => {
                      e.stopPropagation();
                      toggle(n.path);
                    }}
                  >
                    {open ? '▾' : '▸'}
                  </span>
                ) : (
                  <span className="twisty" aria-hidden="true" />
                )}
                <span className={`node-name ${n.kind}${n.pending ? ' pending' : ''}`}>{n.name}</span>
                {n.pending && (
                  <span className="badges muted" aria-label="metadata not read yet">
                    …
                  </span>
                )}
                {n.variable && (
                  <span className="badges">
                    {badges(n.variable).map((b) => (
                      <span key={b} className="badge">
                        {b}
                      </span>
                    ))}
                  </span>
                )}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
