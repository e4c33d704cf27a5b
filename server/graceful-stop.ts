import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";

/**
 * Stopping without waiting out keep-alive: the requests under way are answered, each connection is closed as
 * soon as it has nothing under way (at the signal, or when its last answer is sent), and the process exits once
 * none is left. Node's `closeIdleConnections` alone missed connections whose request was still running at the
 * signal (and ones that never sent a request), which then stayed open for their keep-alive time.
 */
export function gracefulStop(server: Server) {
  const underWay = new Map<Socket, number>();
  let stopping = false;
  server.on("connection", (socket: Socket) => {
    underWay.set(socket, 0);
    socket.once("close", () => underWay.delete(socket));
  });
  return {
    /** Counts a request on its connection until its answer is sent or abandoned. */
    track(req: IncomingMessage, res: ServerResponse) {
      const socket = req.socket;
      underWay.set(socket, (underWay.get(socket) ?? 0) + 1);
      res.once("close", () => {
        const left = Math.max(0, (underWay.get(socket) ?? 1) - 1);
        underWay.set(socket, left);
        if (stopping && left === 0) socket.end();
      });
    },
    /** Stops taking connections, closes the ones with nothing under way, and calls `done` when all are closed. */
    stop(done: () => void) {
      if (stopping) return;
      stopping = true;
      server.close(done);
      for (const [socket, count] of underWay) if (count === 0) socket.end();
    },
  };
}
