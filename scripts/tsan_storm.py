#!/usr/bin/env python3
"""The start/stop storm of scripts/tsan: drives a UCI engine as an impatient GUI would.

Each cycle sets up a position, starts a search of a random kind and, after 0-20 ms,
stops it, asks isready, changes an option, sends another go or position, or lets it
finish; between searches it changes Threads, Hash, MultiPV, Clear Hash or starts a
new game. A cycle ends with stop + isready, after which every go of the cycle must
have had exactly one bestmove. Any `info string error`, unknown line, hang or early
exit fails the run; so does an exit status other than 0 after quit.
Python 3 standard library only.
"""
import argparse
import queue
import random
import re
import subprocess
import sys
import threading
import time

# Each with a legal move list; a cycle plays a random prefix of it.
GAMES = [
    ("startpos", "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7 f1e1 b7b5 a4b3 d7d6 c2c3 e8g8 h2h3 c6a5 b3c2 c7c5 d2d4"),
    ("fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
     "e2a6 b4c3 d2c3 e8g8 e1c1 h3g2 f3g2 b6a4 e5d7 f6d7"),
    ("fen 8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", "b4b1 h5h6 e2e4 h4g4 b1g1 g4h5 a5a4 c7c5"),
    ("fen r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 0 8", "a1c1 a7a6 c4d5 e6d5 f1d3 f8e8 e1g1 c8g4"),
    ("fen 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", "g2g3 h7h6 g1g2 g8h7"),
    ("fen 4k3/8/8/3PP3/8/8/5K2/8 w - - 0 1", "f2e3 e8d7 e3d4 d7e7 d4c5"),
    ("fen 2r3k1/1q1nbppp/r3p3/3pP3/pPpP4/P1Q2N2/2RN1PPP/2R4K b - b3 0 23", "c4b3 c3b3 d7b6 d2f1"),
]
BESTMOVE = re.compile(r"^bestmove ([a-h][1-8][a-h][1-8][qrbn]?|0000)( ponder [a-h][1-8][a-h][1-8][qrbn]?)?$")
TIMEOUT = 120.0  # seconds for any answer: TSan makes the engine 5-15 times slower


class Failure(Exception):
    pass


class Engine:
    def __init__(self, path):
        self.proc = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.lines = queue.Queue()
        self.isready_sent = self.readyok = self.bestmoves = 0
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def send(self, text):
        try:
            self.proc.stdin.write(text + "\n")
            self.proc.stdin.flush()
        except BrokenPipeError:
            raise Failure(f"engine gone (exit {self.proc.wait()}) when sending {text!r}")
        if text == "isready":
            self.isready_sent += 1

    def _take(self, line):
        if line.startswith("bestmove"):
            if not BESTMOVE.match(line):
                raise Failure(f"malformed {line!r}")
            self.bestmoves += 1
        elif line == "readyok":
            self.readyok += 1
        elif line.startswith("info string error"):
            raise Failure(f"engine refused a valid command: {line!r}")
        elif not line.startswith("info "):
            raise Failure(f"unexpected line {line!r}")

    def pump(self, done, what):
        """Reads lines until done() holds; fails on a hang or an exit."""
        deadline = time.monotonic() + TIMEOUT
        while not done():
            try:
                line = self.lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise Failure(f"no answer in {TIMEOUT:.0f} s while waiting for {what}")
            if line is None:
                raise Failure(f"engine exited with {self.proc.wait()} while waiting for {what}")
            self._take(line)

    def finish(self):
        """After quit: the rest of the output, then the exit status."""
        code = self.proc.wait(timeout=TIMEOUT)
        while (line := self.lines.get(timeout=TIMEOUT)) is not None:
            self._take(line)
        return code

    def handshake(self):
        self.send("uci")
        while True:
            try:
                line = self.lines.get(timeout=TIMEOUT)
            except queue.Empty:
                raise Failure("no uciok")
            if line is None:
                raise Failure(f"engine exited with {self.proc.wait()} before uciok")
            if line == "uciok":
                return
            if not line.startswith(("id ", "option ")):
                raise Failure(f"unexpected line {line!r} in the uci reply")

    def sync(self):
        self.send("isready")
        self.pump(lambda: self.readyok == self.isready_sent, "readyok")


class Storm:
    def __init__(self, engine, rng):
        self.e, self.rng = engine, rng
        self.stats = dict(cycles=0, go=0, go_smp=0, stop=0, isready_mid=0, setoption=0, setoption_mid=0,
                          go_mid=0, position_mid=0, ponderhit=0, natural_end=0, ucinewgame=0)
        self.gos = 0
        self.threads = 1

    def position(self):
        start, moves = self.rng.choice(GAMES)
        moves = moves.split()[: self.rng.randint(0, len(moves.split()))]
        return f"position {start}" + (" moves " + " ".join(moves) if moves else "")

    def setoption(self):
        r = self.rng
        command = r.choice([
            f"setoption name Threads value {r.randint(1, 4)}",
            f"setoption name Hash value {r.randint(1, 64)}",
            "setoption name Clear Hash",
            f"setoption name MultiPV value {r.randint(1, 4)}",
        ])
        if command.startswith("setoption name Threads"):
            self.threads = int(command.split()[-1])
        return command

    def go(self):
        r = self.rng
        kind = r.choice(["infinite", "depth", "movetime", "nodes", "clock", "ponder"])
        self.gos += 1
        self.stats["go"] += 1
        self.stats["go_smp"] += self.threads > 1
        return kind, {
            "infinite": "go infinite",
            "depth": f"go depth {r.randint(1, 12)}",
            "movetime": f"go movetime {r.randint(1, 30)}",
            "nodes": f"go nodes {r.randint(100, 50000)}",
            "clock": f"go wtime {r.randint(50, 3000)} btime {r.randint(50, 3000)} winc 10 binc 10",
            "ponder": f"go ponder wtime {r.randint(200, 3000)} btime {r.randint(200, 3000)}",
        }[kind]

    def pause(self):
        time.sleep(self.rng.uniform(0, 0.020))

    def cycle(self):
        e, r, s = self.e, self.rng, self.stats
        before = e.bestmoves
        self.gos = 0
        if r.random() < 0.08:
            e.send("ucinewgame")
            s["ucinewgame"] += 1
        while r.random() < 0.3:
            e.send(self.setoption())
            s["setoption"] += 1
        e.send(self.position())
        kind, go = self.go()
        e.send(go)
        self.pause()
        action = r.choice(["stop", "stop", "isready", "setoption", "go", "position", "ponderhit", "finish"])
        if action == "isready":
            e.send("isready")
            s["isready_mid"] += 1
        elif action == "setoption":  # the engine ends the search first
            e.send(self.setoption())
            s["setoption_mid"] += 1
        elif action == "go":  # the running search answers, then the new one starts
            e.send(self.go()[1])
            s["go_mid"] += 1
            self.pause()
        elif action == "position":
            e.send(self.position())
            s["position_mid"] += 1
        elif action == "ponderhit":
            e.send("ponderhit")
            s["ponderhit"] += 1
        elif action == "finish" and kind in ("depth", "movetime", "nodes", "clock"):
            e.pump(lambda: e.bestmoves > before, "a search to finish by itself")
            s["natural_end"] += 1
        e.send("stop")
        s["stop"] += 1
        e.sync()  # stop waits for the bestmove, so every answer is in before readyok
        if e.bestmoves - before != self.gos:
            raise Failure(f"{self.gos} go but {e.bestmoves - before} bestmove in cycle {s['cycles'] + 1}")
        s["cycles"] += 1


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--engine", required=True)
    ap.add_argument("--seconds", type=float, default=60)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()

    engine = Engine(args.engine)
    storm = Storm(engine, random.Random(args.seed))
    start = time.monotonic()
    try:
        engine.handshake()
        engine.sync()
        while time.monotonic() - start < args.seconds:
            storm.cycle()
        engine.send("quit")
        if (code := engine.finish()) != 0:
            raise Failure(f"exit status {code} after quit")
    except (Failure, subprocess.TimeoutExpired, queue.Empty) as failure:
        engine.proc.kill()
        print(f"tsan storm: FAILED after {time.monotonic() - start:.0f} s: {failure}", file=sys.stderr)
        ok = False
    else:
        ok = True
    s = storm.stats
    print(f"tsan storm: {time.monotonic() - start:.0f} s, seed {args.seed}, {s['cycles']} cycles, {s['go']} go, "
          f"{engine.bestmoves} bestmove, {engine.isready_sent} isready, {engine.readyok} readyok; "
          + ", ".join(f"{k} {v}" for k, v in s.items() if k not in ("cycles", "go")), file=sys.stderr)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
