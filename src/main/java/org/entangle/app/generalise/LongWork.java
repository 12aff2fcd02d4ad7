package org.entangle.app.generalise;

import java.util.concurrent.Executor;
import java.util.function.Consumer;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import org.entangle.app.task.JobContext;
import org.entangle.app.task.RunningJob;
import org.entangle.app.task.TaskRunner;
import org.entangle.work.CancellationToken;

/**
 * The generalise panel's long work (verify, synthesize, bank conflicts), one job at a time, with the progress
 * the panel shows and a Cancel that stops it: the job's context reports cancelled and its
 * {@link CancellationToken} fires; the result of a cancelled job is dropped. Failures become one line of
 * {@link #messageProperty()}, never a stack trace.
 */
final class LongWork {

    /** A job of the panel: it may poll {@code context} and pass {@code token} to the interpreter. */
    interface Work<T> {
        T run(JobContext context, CancellationToken token) throws Exception;
    }

    private final TaskRunner tasks;
    private final Executor ui;
    private final BooleanProperty busy = new SimpleBooleanProperty();
    private final StringProperty message = new SimpleStringProperty("");
    private final DoubleProperty fraction = new SimpleDoubleProperty(-1);
    private RunningJob running;
    private CancellationToken token;
    private long generation;

    LongWork(TaskRunner tasks, Executor ui) {
        this.tasks = tasks;
        this.ui = ui;
    }

    /** Starts {@code work} unless a job is running; {@code done} receives its result on the UI thread. */
    <T> void start(String title, Work<T> work, Consumer<T> done) {
        if (busy.get()) return;
        long mine = ++generation;
        CancellationToken myToken = new CancellationToken();
        token = myToken;
        busy.set(true);
        message.set(title + "…");
        fraction.set(-1);
        running = tasks.submit(title, ctx -> work.run(reporting(ctx, mine), myToken), r -> {
            if (mine != generation) return;
            busy.set(false);
            message.set("");
            done.accept(r);
        }, e -> {
            if (mine != generation) return;
            busy.set(false);
            message.set(title + " failed: " + LiveDiff.message(e));
        });
    }

    private JobContext reporting(JobContext ctx, long mine) {
        return new JobContext() {
            @Override
            public void progress(String text, double f) {
                ctx.progress(text, f);
                ui.execute(() -> {
                    if (mine != generation) return;
                    message.set(text);
                    fraction.set(f);
                });
            }

            @Override
            public boolean isCancelled() {
                return ctx.isCancelled();
            }
        };
    }

    /** Stops the running job; what it returns later is dropped. */
    void cancel() {
        if (!busy.get()) return;
        generation++;
        running.cancel();
        token.cancel();
        busy.set(false);
        message.set("Cancelled.");
    }

    /** Sets the one-line message (an inline error or a note). */
    void say(String text) {
        message.set(text);
    }

    BooleanProperty busyProperty() {
        return busy;
    }

    StringProperty messageProperty() {
        return message;
    }

    DoubleProperty fractionProperty() {
        return fraction;
    }
}
