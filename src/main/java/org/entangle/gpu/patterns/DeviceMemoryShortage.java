package org.entangle.gpu.patterns;

/** The arrays of a pattern do not fit: said before anything is allocated (bad input: exit status 2 on the command line). */
public final class DeviceMemoryShortage extends IllegalArgumentException {

    public DeviceMemoryShortage(String message) {
        super(message);
    }
}
