package org.entangle.network;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Re-schedules a network without changing what it computes.
 *
 * <p>{@link #asap} moves every op to the earliest step its data allows (list scheduling in the original op
 * order): after the ops that produce its operands, after the previous write of each wire it writes, and in the
 * in-place model not before any op that still reads the value it overwrites (reads before writes lets them
 * share a step). In the circuit model old values stay readable, so an op that now runs after its source was
 * overwritten reads the older value explicitly ({@link Op#srcStep()}). For combine-only networks the number of
 * ASAP steps equals the depth.
 *
 * <p>{@link #canonical} is the ASAP schedule with the ops of each step sorted: two schedules of the same
 * computation have equal canonical forms.
 */
public final class Schedules {

    private Schedules() {
    }

    /** One value of a wire: the new step that wrote it and the new step of the write that replaced it. */
    private static final class Version {
        final int newStep;
        int replacedAt = Integer.MAX_VALUE;
        int lastRead = -1;

        Version(int newStep) {
            this.newStep = newStep;
        }
    }

    /** The as-soon-as-possible schedule of {@code network}, metadata kept. */
    public static Network asap(Network network) {
        int n = network.width();
        boolean inPlace = network.model() == MemoryModel.IN_PLACE;
        List<List<Version>> versions = new ArrayList<>(n);
        List<List<Integer>> versionOrigSteps = new ArrayList<>(n);
        for (int w = 0; w < n; w++) {
            versions.add(new ArrayList<>(List.of(new Version(-1))));
            versionOrigSteps.add(new ArrayList<>(List.of(Op.INPUT)));
        }
        List<Op> placedOps = new ArrayList<>();
        List<Integer> placedSteps = new ArrayList<>();
        List<Version> placedSrcVersions = new ArrayList<>();
        for (int s = 0; s < network.stepCount(); s++) {
            List<Op> ops = network.step(s).ops();
            int k = ops.size();
            Version[] srcVersion = new Version[k];
            Version[] dstVersion = new Version[k];
            int[] time = new int[k];
            for (int i = 0; i < k; i++) {
                Op op = ops.get(i);
                dstVersion[i] = last(versions.get(op.dst()));
                srcVersion[i] = op.readsOlderValue()
                        ? versionAfter(versions.get(op.src()), versionOrigSteps.get(op.src()), op.srcStep())
                        : last(versions.get(op.src()));
                int t = 0;
                if (op.kind().readsSource()) t = Math.max(t, srcVersion[i].newStep + 1);
                if (op.kind().readsDestination()) t = Math.max(t, dstVersion[i].newStep + 1);
                t = Math.max(t, dstVersion[i].newStep + 1);
                if (inPlace) t = Math.max(t, dstVersion[i].lastRead);
                if (op.kind().writesSource()) {
                    Version current = last(versions.get(op.src()));
                    t = Math.max(t, current.newStep + 1);
                    if (inPlace) t = Math.max(t, current.lastRead);
                }
                time[i] = t;
            }
            if (inPlace) sameStepReadsBeforeWrites(ops, time);
            for (int i = 0; i < k; i++) {
                Op op = ops.get(i);
                if (op.kind().readsSource()) srcVersion[i].lastRead = Math.max(srcVersion[i].lastRead, time[i]);
                if (op.kind().readsDestination()) dstVersion[i].lastRead = Math.max(dstVersion[i].lastRead, time[i]);
            }
            for (int i = 0; i < k; i++) {
                Op op = ops.get(i);
                write(versions.get(op.dst()), versionOrigSteps.get(op.dst()), s, time[i]);
                if (op.kind().writesSource()) write(versions.get(op.src()), versionOrigSteps.get(op.src()), s, time[i]);
                placedOps.add(op);
                placedSteps.add(time[i]);
                placedSrcVersions.add(srcVersion[i]);
            }
        }
        int stepCount = placedSteps.isEmpty() ? 0 : Collections.max(placedSteps) + 1;
        List<List<Op>> newSteps = new ArrayList<>(stepCount);
        for (int t = 0; t < stepCount; t++) newSteps.add(new ArrayList<>());
        for (int i = 0; i < placedOps.size(); i++) {
            Op op = placedOps.get(i);
            int t = placedSteps.get(i);
            Version read = placedSrcVersions.get(i);
            boolean older = op.kind().readsSource() && read.replacedAt < t;
            newSteps.get(t).add(older ? op.withSrcStep(read.newStep) : op.withSrcStep(Op.CURRENT));
        }
        List<Step> steps = new ArrayList<>(stepCount);
        for (List<Op> ops : newSteps) steps.add(new Step(ops));
        return network.withSteps(steps);
    }

    /** The ASAP schedule with ops sorted within each step: equal for equal computations. */
    public static Network canonical(Network network) {
        Network asap = asap(network);
        List<Step> sorted = new ArrayList<>(asap.stepCount());
        for (Step step : asap.steps()) {
            Op[] ops = step.ops().toArray(new Op[0]);
            Arrays.sort(ops);
            sorted.add(new Step(Arrays.asList(ops)));
        }
        return asap.withSteps(sorted);
    }

    /** Whether two networks perform the same computation, whatever their schedules. */
    public static boolean sameComputation(Network a, Network b) {
        return canonical(a).equals(canonical(b));
    }

    /** Raises each writer's time to that of every op of the same original step that reads the value it overwrites. */
    private static void sameStepReadsBeforeWrites(List<Op> ops, int[] time) {
        Map<Integer, Integer> writerOf = new HashMap<>();
        for (int i = 0; i < ops.size(); i++) {
            Op op = ops.get(i);
            writerOf.put(op.dst(), i);
            if (op.kind().writesSource()) writerOf.put(op.src(), i);
        }
        ArrayDeque<Integer> work = new ArrayDeque<>();
        for (int j = 0; j < ops.size(); j++) work.add(j);
        while (!work.isEmpty()) {
            int j = work.poll();
            Op reader = ops.get(j);
            if (reader.kind().readsSource() && !reader.readsOlderValue()) raise(writerOf.get(reader.src()), j, time, work);
            if (reader.kind().readsDestination()) raise(writerOf.get(reader.dst()), j, time, work);
        }
    }

    private static void raise(Integer writer, int reader, int[] time, ArrayDeque<Integer> work) {
        if (writer != null && writer != reader && time[writer] < time[reader]) {
            time[writer] = time[reader];
            work.add(writer);
        }
    }

    private static Version last(List<Version> list) {
        return list.get(list.size() - 1);
    }

    private static Version versionAfter(List<Version> list, List<Integer> origSteps, int origStep) {
        int index = 0;
        for (int v = 0; v < origSteps.size(); v++) {
            if (origSteps.get(v) <= origStep) index = v;
        }
        return list.get(index);
    }

    private static void write(List<Version> list, List<Integer> origSteps, int origStep, int newStep) {
        last(list).replacedAt = newStep;
        list.add(new Version(newStep));
        origSteps.add(origStep);
    }
}
