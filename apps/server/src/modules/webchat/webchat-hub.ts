import type { ServerFrame } from '@yuan/contract';
import type { ChatEvent } from './fan-out.ts';

/** One signed-in socket of this process. */
export interface Peer {
  readonly tenantId: string;
  readonly userId: string;
  push(frame: ServerFrame): void;
}

/** This process's sockets by tenant and user: where the fan-out's events end. */
export class ChatHub {
  private readonly peers = new Map<string, Set<Peer>>();

  private static key(tenantId: string, userId: string): string {
    return `${tenantId}:${userId}`;
  }

  add(peer: Peer): void {
    const key = ChatHub.key(peer.tenantId, peer.userId);
    let set = this.peers.get(key);
    if (!set) {
      set = new Set();
      this.peers.set(key, set);
    }
    set.add(peer);
  }

  remove(peer: Peer): void {
    const key = ChatHub.key(peer.tenantId, peer.userId);
    const set = this.peers.get(key);
    if (set?.delete(peer) && set.size === 0) {
      this.peers.delete(key);
    }
  }

  deliver(event: ChatEvent): void {
    for (const userId of event.userIds) {
      for (const peer of this.peers.get(ChatHub.key(event.tenantId, userId)) ?? []) {
        peer.push(event.frame);
      }
    }
  }

  resyncAll(): void {
    for (const set of this.peers.values()) {
      for (const peer of set) {
        peer.push({ type: 'resync' });
      }
    }
  }

  get size(): number {
    let n = 0;
    for (const set of this.peers.values()) {
      n += set.size;
    }
    return n;
  }
}
