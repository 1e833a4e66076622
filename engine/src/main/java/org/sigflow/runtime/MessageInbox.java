package org.sigflow.runtime;

import java.util.ArrayDeque;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import org.sigflow.message.Pmt;

/**
 * The messages waiting for one block, delivered on the block's own thread between work calls. Bounded: a sender
 * waits while it is full. Counts the senders still running, so a block fed only by messages knows when no more can
 * come.
 */
final class MessageInbox {
    /** GNU Radio's default bound on a message queue. */
    static final int CAPACITY = 8192;
    private static final long WAIT_NANOS = 1_000_000L;

    record Delivery(String port, Pmt message) {}

    private final ArrayDeque<Delivery> queue = new ArrayDeque<>();
    private final AtomicInteger senders = new AtomicInteger();
    private final int capacity;

    MessageInbox(int capacity) {
        this.capacity = capacity;
    }

    void addSender() {
        senders.incrementAndGet();
    }

    void senderDone() {
        senders.decrementAndGet();
    }

    /** No sender is running any more (none may ever have been connected). */
    boolean sendersDone() {
        return senders.get() <= 0;
    }

    /**
     * Queues a message, waiting while the inbox is full; returns false (message dropped) if {@code gone} becomes
     * true meanwhile (the receiver finished or the graph stops).
     */
    boolean offer(Delivery d, Runnable wakeReceiver, BooleanSupplier gone) {
        while (true) {
            synchronized (queue) {
                if (queue.size() < capacity) {
                    queue.addLast(d);
                    break;
                }
            }
            wakeReceiver.run();
            if (gone.getAsBoolean()) {
                return false;
            }
            LockSupport.parkNanos(this, WAIT_NANOS);
        }
        wakeReceiver.run();
        return true;
    }

    Delivery poll() {
        synchronized (queue) {
            return queue.pollFirst();
        }
    }

    boolean isEmpty() {
        synchronized (queue) {
            return queue.isEmpty();
        }
    }
}
