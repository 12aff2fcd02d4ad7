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
import org.entangle.work.MemoryRelease;

/**
 * The application's {@link TaskRunner}: jobs run on daemon threads, outcomes and progress reach the JavaFX thread
 * through {@link Platform#runLater}. Progress is batched: however often a job reports, at most one update per job
 * waits on the UI thread at a time, and it shows the job's latest report. Exposes the message and fraction of the
 * latest job still running (when it ends, the one before shows again) and whether any job is running, for the
 * status bar. A job that failed or was cancelled may leave gigabytes of garbage (a search's memo tables): its
 * thread gives them back ({@link MemoryRelease}) before its outcome is delivered.
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
        Thread t = new Thread(null, r, "entangle-job", org.entangle.lang.RunLimits.SEARCH_STACK_BYTES);
        t.setDaemon(true);
        return t;
    });
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper("");
    private final ReadOnlyDoubleWrapper fraction = new ReadOnlyDoubleWrapper(0);
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(false);
    private final List<JobStatus> running = new ArrayList<>();

    @Override
    public <T> RunningJob submit(String title, Job<T> job, Consumer<T> onDone, Consumer<Throwable> onFailed) {
        if (executor.isShutdown()) return EXITING;
        AtomicBoolean cancelled = new AtomicBoolean();
        AtomicBoolean done = new AtomicBoolean();
        AtomicBoolean updatePending = new AtomicBoolean();
        JobStatus status = new JobStatus(title);
        running.add(status);
        busy.set(true);
        show(status);
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
        };
        executor.submit(() -> {
            try {
                T result = job.run(context);
                if (cancelled.get()) MemoryRelease.afterSearch();
                Platform.runLater(() -> finish(status, done, () -> onDone.accept(result)));
            } catch (Throwable e) {
                MemoryRelease.afterSearch();
                Platform.runLater(() -> finish(status, done, () -> onFailed.accept(e)));
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

    /** Ends a job on the UI thread; the latest job still running shows its status again. */
    private void finish(JobStatus status, AtomicBoolean done, Runnable callback) {
        done.set(true);
        running.remove(status);
        busy.set(!running.isEmpty());
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

    public ReadOnlyBooleanProperty busyProperty() {
        return busy.getReadOnlyProperty();
    }

    @Override
    public void shutdown() {
        executor.shutdownNow();
    }
}
