package org.entangle.app.task;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import javafx.application.Platform;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/**
 * The application's {@link TaskRunner}: jobs run on daemon threads, outcomes and progress reach the JavaFX
 * thread through {@link Platform#runLater}. Progress updates are coalesced so a fast job cannot flood the UI.
 * Exposes the message and fraction of the latest job still running (when it ends, the one before shows again) and
 * whether any job is running, for the status bar. While the workbench starts, jobs can be {@linkplain #hold() held}
 * until its window is shown, so that the start's own jobs (sorting the gallery, reading the catalogue, the first live
 * diff) do not take a core from building and styling the window (issue #6: the window within 2 s on a two-core
 * machine). Each job is paced ({@link UiPacer}) and gives way
 * to the UI in its {@link UiPriority} spells.
 */
public final class FxTaskRunner implements TaskRunner {

    /** What a job submitted after {@link #shutdown()} (the app is exiting, e.g. a late autosave timer) gets: nothing runs. */
    private static final RunningJob EXITING = new RunningJob() {
        @Override
        public void cancel() {
        }

        @Override
        public boolean isDone() {
            return true;
        }
    };

    private final ExecutorService executor = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "entangle-job");
        t.setDaemon(true);
        return t;
    });
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper("");
    private final ReadOnlyDoubleWrapper fraction = new ReadOnlyDoubleWrapper(0);
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyBooleanWrapper busyNotGivingWay = new ReadOnlyBooleanWrapper(false);
    private final UiPriority priority = new UiPriority();
    private final List<JobStatus> running = new ArrayList<>();
    private int notGivingWay;
    private List<Runnable> held;

    @Override
    public <T> RunningJob submit(String title, Job<T> job, Consumer<T> onDone, Consumer<Throwable> onFailed) {
        if (executor.isShutdown()) return EXITING;
        AtomicBoolean cancelled = new AtomicBoolean();
        AtomicBoolean done = new AtomicBoolean();
        AtomicBoolean updatePending = new AtomicBoolean();
        AtomicBoolean paced = new AtomicBoolean();
        JobStatus status = new JobStatus(title);
        running.add(status);
        notGivingWay++;
        busy.set(true);
        busyNotGivingWay.set(true);
        show(status);
        UiPacer pacer = new UiPacer(Platform::runLater, priority, cancelled::get);
        JobContext context = new JobContext() {
            @Override
            public void progress(String text, double f) {
                status.report(title + ": " + text, f);
                if (updatePending.compareAndSet(false, true)) {
                    Platform.runLater(() -> {
                        updatePending.set(false);
                        if (status == latest()) show(status);
                    });
                }
            }

            @Override
            public boolean isCancelled() {
                return cancelled.get();
            }

            @Override
            public Runnable pacer() {
                if (paced.compareAndSet(false, true)) Platform.runLater(FxTaskRunner.this::oneFewerNotGivingWay);
                return pacer;
            }
        };
        start(() -> {
            try {
                T result = job.run(context);
                Platform.runLater(() -> finish(status, done, paced, () -> onDone.accept(result)));
            } catch (Throwable e) {
                Platform.runLater(() -> finish(status, done, paced, () -> onFailed.accept(e)));
            }
        });
        return new RunningJob() {
            @Override
            public void cancel() {
                cancelled.set(true);
            }

            @Override
            public boolean isDone() {
                return done.get();
            }
        };
    }

    private synchronized void start(Runnable work) {
        if (held != null) held.add(work);
        else executor.submit(work);
    }

    /** Jobs submitted from now on wait, in order, until {@link #release()}; they count as running meanwhile. */
    public synchronized void hold() {
        if (held == null) held = new ArrayList<>();
    }

    /** Starts the held jobs in the order they were submitted, and later jobs at once. */
    public synchronized void release() {
        if (held == null) return;
        if (!executor.isShutdown()) held.forEach(executor::submit);
        held = null;
    }

    /** One job fewer that does not give way to the UI: it asked for its pacer, or it ended. */
    private void oneFewerNotGivingWay() {
        notGivingWay--;
        busyNotGivingWay.set(notGivingWay > 0);
    }

    /**
     * Ends a job on the UI thread (one that asked for its pacer was counted as giving way then, in an earlier turn);
     * the latest job still running shows its status again.
     */
    private void finish(JobStatus status, AtomicBoolean done, AtomicBoolean paced, Runnable callback) {
        done.set(true);
        running.remove(status);
        busy.set(!running.isEmpty());
        if (!paced.get()) oneFewerNotGivingWay();
        if (running.isEmpty()) fraction.set(0);
        else show(latest());
        callback.run();
    }

    private JobStatus latest() {
        return running.isEmpty() ? null : running.get(running.size() - 1);
    }

    private void show(JobStatus status) {
        synchronized (status) {
            message.set(status.message);
            fraction.set(status.fraction);
        }
    }

    /** A running job's latest message and fraction (negative while unknown), reported by the job's thread. */
    private static final class JobStatus {
        private String message;
        private double fraction = -1;

        JobStatus(String title) {
            message = title;
        }

        synchronized void report(String text, double f) {
            message = text;
            fraction = f;
        }
    }

    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    public ReadOnlyDoubleProperty fractionProperty() {
        return fraction.getReadOnlyProperty();
    }

    /** The spells in which running jobs give way to the UI ({@link UiPriority#giveWay()} as a view changes). */
    public UiPriority uiPriority() {
        return priority;
    }

    public ReadOnlyBooleanProperty busyProperty() {
        return busy.getReadOnlyProperty();
    }

    /**
     * Whether a job is running (or held) that does not give way to the UI: one that has not asked for its
     * {@linkplain JobContext#pacer() pacer}, as searches do.
     */
    public ReadOnlyBooleanProperty busyNotGivingWayProperty() {
        return busyNotGivingWay.getReadOnlyProperty();
    }

    @Override
    public void shutdown() {
        executor.shutdownNow();
    }
}
