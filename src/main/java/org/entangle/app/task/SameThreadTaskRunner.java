package org.entangle.app.task;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/** Runs every job at once on the calling thread: for view-model tests. Records the progress messages it saw. */
public final class SameThreadTaskRunner implements TaskRunner {

    private final List<String> messages = new ArrayList<>();

    @Override
    public <T> RunningJob submit(String title, Job<T> job, Consumer<T> onDone, Consumer<Throwable> onFailed) {
        JobContext context = new JobContext() {
            @Override
            public void progress(String message, double fraction) {
                messages.add(message);
            }

            @Override
            public boolean isCancelled() {
                return false;
            }
        };
        try {
            onDone.accept(job.run(context));
        } catch (Exception e) {
            onFailed.accept(e);
        }
        return new RunningJob() {
            @Override
            public void cancel() {
            }

            @Override
            public boolean isDone() {
                return true;
            }
        };
    }

    /** The progress messages reported so far. */
    public List<String> messages() {
        return messages;
    }

    @Override
    public void shutdown() {
    }
}
