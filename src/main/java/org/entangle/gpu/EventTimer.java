package org.entangle.gpu;

import static jcuda.driver.JCudaDriver.cuEventCreate;
import static jcuda.driver.JCudaDriver.cuEventDestroy;
import static jcuda.driver.JCudaDriver.cuEventElapsedTime;
import static jcuda.driver.JCudaDriver.cuEventRecord;
import static jcuda.driver.JCudaDriver.cuEventSynchronize;

import java.util.ArrayList;
import java.util.List;
import jcuda.driver.CUevent;

/**
 * Times work on the default stream with a pair of CUDA events (warm-up, then the median). Each timed run is enqueued
 * behind a {@link LaunchHold}, so the events measure the device's work, not the host's JCuda calls between them, as
 * the library harnesses measure theirs ({@link org.entangle.cuda.HarnessTiming}).
 */
public final class EventTimer implements AutoCloseable {

    private final CUevent start = new CUevent();
    private final CUevent stop = new CUevent();
    private final LaunchHold hold = new LaunchHold();

    public EventTimer() {
        cuEventCreate(start, 0);
        cuEventCreate(stop, 0);
    }

    /** Runs {@code work} {@code warmups} times untimed, then {@code runs} times timed; returns the median in ms. */
    public double medianMillis(int warmups, int runs, Runnable work) {
        for (int i = 0; i < warmups; i++) work.run();
        float[] ms = new float[1];
        List<Double> times = new ArrayList<>();
        for (int i = 0; i < runs; i++) {
            hold.hold();
            cuEventRecord(start, null);
            work.run();
            cuEventRecord(stop, null);
            hold.release();
            cuEventSynchronize(stop);
            cuEventElapsedTime(ms, start, stop);
            times.add((double) ms[0]);
        }
        return median(times);
    }

    /** The median (the mean of the middle two for an even count). */
    public static double median(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        sorted.sort(null);
        int m = sorted.size() / 2;
        return sorted.size() % 2 == 1 ? sorted.get(m) : (sorted.get(m - 1) + sorted.get(m)) / 2;
    }

    @Override
    public void close() {
        cuEventDestroy(start);
        cuEventDestroy(stop);
        hold.close();
    }
}
