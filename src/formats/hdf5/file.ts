import { AbortedError, UnsupportedError, UsageError } from '../../errors.ts';
import { groupNodes, readSymbolNode } from './btree-v1.ts';
import { readV2Tree, v2Records } from './btree-v2.ts';
import type { ByteSource } from './byte-source.ts';
import { Context, DEFAULT_LIMITS, type Limits } from './context.ts';
import { Cursor } from './cursor.ts';
import { Hdf5Error, asHdf5Error } from './errors.ts';
import { Hdf5LinkError, reachPath, type Reached } from './follow.ts';
import { FractalHeap } from './fractal-heap.ts';
import { GlobalHeap } from './global-heap.ts';
import { interpret, type HeaderInfo } from './header.ts';
import { heapString, readLocalHeap } from './local-heap.ts';
import { parseAttribute, parseSharedAddress } from './message-attribute.ts';
import { elementCount } from './message-dataspace.ts';
import type { Datatype } from './message-datatype.ts';
import { parseDatatype } from './message-datatype.ts';
import { parseLink, type Link } from './message-link.ts';
import { MSG, readObjectHeader } from './object-header.ts';
import type { Attribute, Hdf5Dataset, Hdf5GroupInfo, Hdf5NamedDatatype } from './objects.ts';
import { PageCache, type PageCacheOptions, type ReadStats } from './page-cache.ts';
import { readSuperblock, type Superblock } from './superblock.ts';
import { decodeValues } from './values.ts';

export interface OpenOptions extends PageCacheOptions {
  readonly signal?: AbortSignal;
  readonly limits?: Partial<Limits>;
  /**
   * The bytes of the file an external link names (`name` as the link gives it, relative to this file's folder);
   * throws a typed error when that file cannot be reached. Without it external links are not followed.
   */
  readonly openExternal?: ((name: string, signal?: AbortSignal) => Promise<ByteSource>) | undefined;
}

export type Hdf5Object = Hdf5GroupInfo | Hdf5Dataset | Hdf5NamedDatatype;

/** Files external links may reach from one opened file. */
export const MAX_EXTERNAL_FILES = 64;

/** An open HDF5 file: objects are read when asked and kept. */
export class Hdf5File {
  readonly heap: GlobalHeap;
  private readonly headers = new Map<number, Promise<HeaderInfo>>();
  private readonly committed = new Map<number, Promise<Datatype>>();
  private readonly linkLists = new Map<number, Promise<Link[]>>();

  private constructor(
    readonly ctx: Context,
    readonly superblock: Superblock,
    /** Where its bytes come from. */
    readonly source: ByteSource,
    private readonly options: OpenOptions,
    /** The files external links reached from the opened file, by name; and this file's folder among them. */
    private readonly family: Map<string, Promise<Hdf5File>>,
    private readonly folder: string,
  ) {
    this.heap = new GlobalHeap(ctx);
  }

  static async open(
    source: ByteSource,
    options: OpenOptions = {},
    linked: { family: Map<string, Promise<Hdf5File>>; folder: string } = { family: new Map(), folder: '' },
  ): Promise<Hdf5File> {
    const limits: Limits = { ...DEFAULT_LIMITS, ...options.limits };
    const cache = new PageCache(source, source.size ?? Number.MAX_SAFE_INTEGER, options);
    try {
      const superblock = await readSuperblock(cache, source, options.signal);
      if (source.size === undefined && superblock.endOfFile !== undefined) cache.limit = superblock.endOfFile;
      const ctx = new Context(cache, superblock.format, limits, options.signal);
      return new Hdf5File(ctx, superblock, source, options, linked.family, linked.folder);
    } catch (e) {
      throw asHdf5Error(e, 'superblock');
    }
  }

  /** Requests and bytes read so far. */
  get stats(): ReadStats {
    return this.ctx.cache.stats;
  }

  /** The parsed messages of the object header at `address` (read once). */
  info(address: number): Promise<HeaderInfo> {
    let p = this.headers.get(address);
    if (!p) {
      p = this.guard(async () =>
        interpret(await readObjectHeader(this.ctx, address), this.ctx.format, (a) => this.committedType(a)),
      );
      this.headers.set(address, p);
      p.catch(() => this.headers.delete(address));
    }
    return p;
  }

  /** Runs `f`, turning anything untyped it throws into an `Hdf5Error` and honouring the signal. */
  async guard<T>(f: () => Promise<T>): Promise<T> {
    if (this.ctx.signal?.aborted) throw new AbortedError();
    try {
      return await f();
    } catch (e) {
      throw asHdf5Error(e, 'file');
    }
  }

  private committedType(address: number): Promise<Datatype> {
    let p = this.committed.get(address);
    if (!p) {
      // A committed datatype whose own header shares its type again would loop: the entry is set before reading.
      p = (async () => {
        const header = await readObjectHeader(this.ctx, address);
        const m = header.messages.find((x) => x.type === MSG.datatype);
        if (!m) throw new Hdf5Error('committed datatype', 'no datatype message', { address });
        if (m.flags & 2) throw new Hdf5Error('committed datatype', 'refers to another shared datatype', { address });
        return parseDatatype(new Cursor(m.data, m.address, 'committed datatype', this.ctx.format));
      })();
      this.committed.set(address, p);
      p.catch(() => this.committed.delete(address));
    }
    return p;
  }

  /** The object (group, dataset, committed datatype) whose header is at `address`, reached by `path`. */
  async objectAt(address: number, path = ''): Promise<Hdf5Object> {
    return this.guard(async () => {
      const info = await this.info(address);
      const attributes = await this.attributes(info);
      if (info.datatype && info.dataspace && info.layout) {
        const { datatype, dataspace } = info;
        let layout = info.layout;
        if (layout.kind === 'virtual') throw new UnsupportedError(`${path}: virtual datasets are not read.`);
        if (layout.kind === 'contiguous' && layout.size === undefined) {
          layout = { ...layout, size: elementCount(dataspace.shape) * datatype.size };
        }
        return {
          kind: 'dataset',
          path,
          address,
          attributes,
          lostAt: info.lostAt,
          datatype,
          shape: dataspace.shape,
          maxshape: dataspace.maxshape,
          layout,
          filters: info.filters,
          fillValue: info.fillValue,
          externalFiles: info.externalFiles,
        } satisfies Hdf5Dataset;
      }
      if (info.datatype && !info.dataspace) {
        return {
          kind: 'datatype',
          path,
          address,
          attributes,
          datatype: info.datatype,
          lostAt: info.lostAt,
        } satisfies Hdf5NamedDatatype;
      }
      const groupLike = info.links.length > 0 || info.linkInfo !== undefined || info.symbolTable !== undefined;
      if (info.lostAt !== undefined && !groupLike)
        throw new Hdf5Error(
          'object header',
          `its header is cut off by the end of the file (the rest was at byte ${info.lostAt}): not known to be a group or a variable`,
          { address },
        );
      return { kind: 'group', path, address, attributes, lostAt: info.lostAt } satisfies Hdf5GroupInfo;
    });
  }

  /** Attributes of a header, compact and dense, with their values decoded. */
  async attributes(info: HeaderInfo): Promise<Attribute[]> {
    const raws: { data: Uint8Array; address: number; creationOrder?: number }[] = info.attributeMessages.map((m) =>
      m.creationOrder === undefined
        ? { data: m.data, address: m.address }
        : { data: m.data, address: m.address, creationOrder: m.creationOrder },
    );
    const ai = info.attributeInfo;
    if (ai?.heap !== undefined && ai.nameIndex !== undefined) {
      const heap = await FractalHeap.open(this.ctx, ai.heap);
      const tree = await readV2Tree(this.ctx, ai.nameIndex, 8);
      for (const r of await v2Records(this.ctx, tree)) {
        const id = r.take(8);
        const flags = r.u8();
        const creationOrder = r.u32();
        if (flags & 2) throw new UnsupportedError('An attribute kept in the shared message heap is not read.');
        raws.push({ data: await heap.get(id), address: heap.address, creationOrder });
      }
    }
    // In creation order when the object tracks it (netCDF-4 lists attributes so); dense storage's index is by hash.
    if (raws.every((r) => r.creationOrder !== undefined)) raws.sort((a, b) => a.creationOrder! - b.creationOrder!);
    const out: Attribute[] = [];
    for (const raw of raws) {
      const c = new Cursor(raw.data, raw.address, 'attribute message', this.ctx.format);
      const a = await parseAttribute(c, async (sc) => this.committedType(parseSharedAddress(sc)));
      const count = elementCount(a.dataspace.shape);
      const value =
        a.dataspace.shape === null
          ? null
          : await decodeValues(a.datatype, a.data, count, this.ctx.format, this.heap, this.ctx.limits.maxElements);
      const order = raw.creationOrder === undefined ? {} : { creationOrder: raw.creationOrder };
      // Fixed-length strings keep their bytes too: netCDF char attributes are all of them (NULs inside included).
      const bytes = a.datatype.class === 'string' ? { bytes: a.data.slice(0, count * a.datatype.size) } : {};
      out.push({ name: a.name, datatype: a.datatype, shape: a.dataspace.shape, value, ...order, ...bytes });
    }
    return out;
  }

  /** The links of the group whose header is at `address`: symbol table, compact link messages or dense storage. */
  links(address: number): Promise<Link[]> {
    let p = this.linkLists.get(address);
    if (!p) {
      p = this.guard(() => this.readLinks(address));
      this.linkLists.set(address, p);
      p.catch(() => this.linkLists.delete(address));
    }
    return p;
  }

  private async readLinks(address: number): Promise<Link[]> {
    const info = await this.info(address);
    const links: Link[] = [...info.links];
    if (info.symbolTable) {
      const heap = await readLocalHeap(this.ctx, info.symbolTable.heap);
      for (const node of await groupNodes(this.ctx, info.symbolTable.btree)) {
        for (const e of await readSymbolNode(this.ctx, node)) {
          const name = heapString(heap, e.nameOffset, 'symbol table entry');
          if (e.cacheType === 2) {
            const offset = new Cursor(e.scratch, node, 'symbol table entry', this.ctx.format).u32();
            links.push({ name, kind: 'soft', target: heapString(heap, offset, 'soft link value') });
          } else if (e.address !== undefined) {
            links.push({ name, kind: 'hard', address: e.address });
          }
        }
      }
    }
    const li = info.linkInfo;
    if (li?.heap !== undefined && li.nameIndex !== undefined) {
      const heap = await FractalHeap.open(this.ctx, li.heap);
      const tree = await readV2Tree(this.ctx, li.nameIndex, 5);
      const idLength = tree.recordSize - 4;
      for (const r of await v2Records(this.ctx, tree)) {
        r.u32(); // hash of the name
        const data = await heap.get(r.take(idLength));
        links.push(parseLink(new Cursor(data, heap.address, 'link message', this.ctx.format)));
      }
    }
    const ordered = links.every((l) => l.creationOrder !== undefined);
    return links.sort((a, b) =>
      ordered ? a.creationOrder! - b.creationOrder! : a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
    );
  }

  /**
   * The file an external link names (relative to this file's folder), opened once for the opened file and every
   * file reached from it, at most `MAX_EXTERNAL_FILES` of them. Throws `Hdf5LinkError` (`external`) when it cannot
   * be opened.
   */
  external(name: string): Promise<Hdf5File> {
    const full = (name.startsWith('/') ? name : this.folder + name).replace(/(^|\/)(\.\/)+/g, '$1');
    let p = this.family.get(full);
    if (!p) {
      const open = this.options.openExternal;
      const fail = (why: string, cause?: unknown) =>
        new Hdf5LinkError('external', `the file ${name} ${why}.`, cause === undefined ? {} : { cause });
      p = (async () => {
        if (!open) throw fail('is not reachable from here (open the file by its path or URL, or drop its folder)');
        if (this.family.size > MAX_EXTERNAL_FILES)
          throw fail(`is not read: more than ${MAX_EXTERNAL_FILES} files linked`);
        try {
          const source = await open(full, this.ctx.signal);
          const folder = full.includes('/') ? full.slice(0, full.lastIndexOf('/') + 1) : '';
          return await Hdf5File.open(source, this.options, { family: this.family, folder });
        } catch (e) {
          if (e instanceof AbortedError) throw e;
          throw fail(`cannot be read (${e instanceof Error ? e.message : String(e)})`, e);
        }
      })();
      this.family.set(full, p);
    }
    return p;
  }

  /**
   * The object at an absolute `path` ("/a/b"), following hard, soft and external links (external ones only with
   * `OpenOptions.openExternal`; `reach` also gives the file that holds it).
   */
  async resolve(path: string): Promise<Hdf5Object> {
    return (await this.reach(path)).object;
  }

  /** The object at an absolute `path` and the file that holds it (another one past an external link). */
  async reach(path: string): Promise<Reached> {
    if (!path.startsWith('/')) throw new UsageError(`"${path}" is not an absolute path (it must start with "/").`);
    return this.guard(() => reachPath(this, path));
  }
}
