package org.entangle.oracle.space;

/** The state graph of a space would exceed the transition limit it was built under (memory stays bounded). */
public class SpaceTooLargeException extends RuntimeException {

    public SpaceTooLargeException(String message) {
        super(message);
    }
}
