package org.sigflow.runtime;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.LockSupport;
import org.sigflow.expr.Value;
import org.sigflow.runtime.buffer.Reader;
import org.sigflow.runtime.buffer.StreamBuffer;

/**
 * Runs one block on its own thread (a virtual one in the pool policy, see {@link Scheduling}): calls {@code work}
 * while it makes progress, parks when it waits for input or space, and is woken by its neighbours' reads and writes.
 */
final class BlockRunner implements Runnable {
    /** Upper bound on a park: how fast a blocked runner notices a stop request even without a wake-up. */
    private static final long PARK_NANOS = 20_000_000L;
    /** Work calls in a row after which a runner on a virtual thread lets other ready blocks run. */
    private static final int YIELD_EVERY = 16;

    private final FlowNode node;
    private final Block block;
    private final Reader[] inputs;
    private final StreamBuffer[] outputs;
    private final RunControl control;
    private final PortIo io;
    private final ConcurrentLinkedQueue<ParamChange> paramChanges = new ConcurrentLinkedQueue<>();
    volatile Thread thread;
    /** The CPU this runner's platform thread is pinned to at its start ({@link SourceCpu}); -1: not pinned. */
    int cpu = -1;
    private volatile boolean finished;

    final MessageInbox inbox = new MessageInbox(MessageInbox.CAPACITY);
    /** Message output port → the inputs it feeds. */
    private final java.util.Map<String, List<MessageTarget>> messageTargets = new java.util.HashMap<>();
    /** Messages delivered per round at most, so a busy message source cannot starve the block's stream work. */
    private static final int MESSAGES_PER_ROUND = 256;

    record MessageTarget(BlockRunner runner, String port) {}

    private volatile long itemsIn;
    private volatile long itemsOut;
    private volatile long workNanos;
    private volatile long workCalls;

    private record ParamChange(String paramId, Value value, CompletableFuture<Void> done) {}

    BlockRunner(FlowNode node, Reader[] inputs, StreamBuffer[] outputs, RunControl control) {
        this.node = node;
        this.block = node.block();
        this.inputs = inputs;
        this.outputs = outputs;
        this.control = control;
        this.io = new PortIo(block, inputs, outputs, control);
    }

    FlowNode node() {
        return node;
    }

    /** Connects message output {@code port} to input {@code toPort} of {@code to} (before the run starts). */
    void connectMessages(String port, BlockRunner to, String toPort) {
        messageTargets.computeIfAbsent(port, k -> new java.util.ArrayList<>()).add(new MessageTarget(to, toPort));
        to.inbox.addSender();
    }

    /** What the block posts through. */
    MessagePorts messagePorts() {
        return new MessagePorts() {
            @Override
            public void post(String port, org.sigflow.message.Pmt message) {
                for (MessageTarget t : messageTargets.getOrDefault(port, List.of())) {
                    t.runner().inbox.offer(new MessageInbox.Delivery(t.port(), message), t.runner()::wake,
                            () -> t.runner().finished || control.stopRequested());
                }
            }

            @Override
            public boolean connected(String port) {
                return messageTargets.containsKey(port);
            }
        };
    }

    /** Hands waiting messages to the block; returns how many. */
    private int deliverMessages() throws Exception {
        int n = 0;
        MessageInbox.Delivery d;
        while (n < MESSAGES_PER_ROUND && block.readyForMessages() && (d = inbox.poll()) != null) {
            block.handleMessage(d.port(), d.message());
            n++;
        }
        return n;
    }

    @Override
    public void run() {
        thread = Thread.currentThread();
        control.awaitGate();
        boolean begun = !control.startAborted(); // a graph that failed to start starts none of its blocks
        try {
            if (begun) {
                if (cpu >= 0) {
                    SourceCpu.pin(node, cpu);
                }
                block.start();
                loop();
            }
        } catch (Throwable t) {
            control.fail(BlockFailure.of(node, t));
        } finally {
            try {
                if (begun) {
                    block.stop();
                }
            } catch (Throwable t) {
                control.fail(BlockFailure.of(node, t));
            }
            finished = true;
            messageTargets.values().forEach(ts -> ts.forEach(t -> {
                t.runner().inbox.senderDone();
                t.runner().wake();
            }));
            for (Reader r : inputs) {
                r.detach();
            }
            for (StreamBuffer b : outputs) {
                b.finish();
            }
            rejectPendingParams();
            control.runnerDone(block.background());
        }
    }

    private void loop() throws Exception {
        boolean virtual = Thread.currentThread().isVirtual();
        int busyCalls = 0;
        boolean background = block.background();
        while (!control.stopRequested() && !(background && control.foregroundDone())) {
            applyParamChanges();
            if (outputs.length > 0 && allOutputsUnread()) {
                return; // everything downstream has finished: nothing we make would be read
            }
            int delivered = deliverMessages();
            if (virtual && ThreadAffinity.anyPinned()) {
                ThreadAffinity.releaseCarrier(); // a pinned thread may have started this carrier (ThreadAffinity)
            }
            io.begin();
            long t0 = System.nanoTime();
            WorkResult result = block.work(io);
            long t1 = System.nanoTime();
            io.commit();
            workNanos += t1 - t0;
            workCalls++;
            itemsIn += io.consumedTotal();
            itemsOut += io.producedTotal();
            if (result == WorkResult.DONE) {
                return;
            }
            if (!io.madeProgress() && delivered == 0) {
                if (io.inputsExhausted() && !io.outputBlocked()
                        && !(block.awaitsMessage() && !(inbox.sendersDone() && inbox.isEmpty()))) {
                    return; // upstream ended and the block cannot use what is left (nor a message it waits for)
                }
                if (inputs.length == 0 && block.endsWithMessageSenders() && inbox.sendersDone() && inbox.isEmpty()
                        && !io.outputBlocked()) {
                    return; // fed only by messages, and no sender is left
                }
                busyCalls = 0;
                LockSupport.parkNanos(this, PARK_NANOS);
            } else if (virtual && ++busyCalls >= YIELD_EVERY) {
                busyCalls = 0;
                Thread.yield(); // virtual threads are not preempted: let other ready blocks have the carrier
            }
        }
    }

    /**
     * Whether every connected output's readers have finished. Unconnected (optional) outputs have no reader to wait
     * for, so they are skipped: otherwise a block with one (symbol_sync's error/period outputs) never ends.
     */
    private boolean allOutputsUnread() {
        boolean connected = false;
        for (StreamBuffer b : outputs) {
            if (!b.hasReaders()) {
                continue;
            }
            connected = true;
            if (!b.allReadersGone()) {
                return false;
            }
        }
        return connected;
    }

    void wake() {
        Thread t = thread;
        if (t != null) {
            LockSupport.unpark(t);
        }
    }

    CompletableFuture<Void> requestParam(String paramId, Value value) {
        CompletableFuture<Void> f = new CompletableFuture<>();
        if (finished) {
            f.completeExceptionally(new IllegalStateException("block '" + node.id() + "' has already finished"));
            return f;
        }
        paramChanges.add(new ParamChange(paramId, value, f));
        wake();
        if (finished) {
            rejectPendingParams();
        }
        return f;
    }

    private void applyParamChanges() {
        ParamChange c;
        while ((c = paramChanges.poll()) != null) {
            try {
                block.applyParam(c.paramId(), c.value());
                c.done().complete(null);
            } catch (RuntimeException e) {
                c.done().completeExceptionally(e); // the old value stays in force; the graph keeps running
            }
        }
    }

    private void rejectPendingParams() {
        ParamChange c;
        while ((c = paramChanges.poll()) != null) {
            c.done().completeExceptionally(new IllegalStateException("block '" + node.id() + "' has already finished"));
        }
    }

    BlockMetrics metrics(double elapsedSeconds, long totalWorkNanos) {
        long in = itemsIn;
        long out = itemsOut;
        long w = workNanos;
        double through = elapsedSeconds > 0 ? (outputs.length > 0 ? out : in) / elapsedSeconds : 0;
        List<Double> fill = new java.util.ArrayList<>(outputs.length);
        for (StreamBuffer b : outputs) {
            fill.add(b.fill());
        }
        return new BlockMetrics(node.id(), node.type(), in, out, w, workCalls,
                elapsedSeconds > 0 ? Math.min(1.0, w / (elapsedSeconds * 1e9)) : 0,
                totalWorkNanos > 0 ? w / (double) totalWorkNanos : 0, through, List.copyOf(fill),
                java.util.Map.copyOf(block.extraMetrics()));
    }

    long workNanos() {
        return workNanos;
    }
}
